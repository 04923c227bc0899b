import { splitUrl } from "./host-index";

/**
 * Who a URL belongs to, read from its host alone: the site (the registrable domain, `judge.me` for
 * `cdn1.judge.me`, `shiprocket.in`, `zedy.com.br`; on a shared host, the tenant's own host,
 * `gdprcdn.b-cdn.net`, or its storage bucket) and the site's name (`judge`, `gdprcdn`,
 * `limechat`), which is how a vendor is named when nothing else names it. No public-suffix list:
 * a two-label country suffix (`co.uk`, `com.au`) and the shared hosts below are enough to tell a
 * vendor's site from its subdomains, and the result only ever names or groups hosts.
 */
export type UrlSite = {
  /** The vendor's host as read: the URL's host, or a storage bucket named like a host (`cdn.limechat.ai`). */
  host: string;
  /** The host that stands for the vendor: its registrable domain, or a tenant's host on a shared one. */
  site: string;
  /** The site without its suffix: `judge`, `kaktusapp`, `gdprcdn`, `d18eg7dreypte5`. */
  name: string;
  /** A tenant of shared hosting or storage (`gdprcdn.b-cdn.net`, an S3 bucket), not a domain of its own. */
  shared: boolean;
};

/**
 * Hosting where every tenant gets a subdomain of the provider's (cloud storage, app platforms,
 * CDNs): the vendor is the tenant, never the provider.
 */
const SHARED_HOSTS: readonly string[] = [
  "cloudfront.net",
  "herokuapp.com",
  "appspot.com",
  "azureedge.net",
  "azurewebsites.net",
  "blob.core.windows.net",
  "b-cdn.net",
  "digitaloceanspaces.com",
  "firebaseapp.com",
  "web.app",
  "netlify.app",
  "vercel.app",
  "github.io",
  "pages.dev",
  "workers.dev",
  "r2.dev",
  "onrender.com",
  "fly.dev",
  "glitch.me",
  "myshopify.com",
];

/** Second-level labels under which a country's registrable names sit (`co.uk`, `com.br`, `ac.in`). */
const COUNTRY_SECOND_LEVEL: ReadonlySet<string> = new Set([
  "co",
  "com",
  "net",
  "org",
  "gov",
  "edu",
  "ac",
  "or",
  "ne",
  "go",
  "gob",
  "nic",
  "mil",
]);

const MAX_LABELS = 10;

function isBucketLabel(label: string): boolean {
  return label === "s3" || label.startsWith("s3-") || label.startsWith("s3.");
}

/** The registrable domain of a plain host (no shared hosting): `cdn1.judge.me` → `judge.me`. */
function registrable(labels: readonly string[]): string {
  const n = labels.length;
  const last = labels[n - 1] as string;
  const second = labels[n - 2] as string;
  const take = n >= 3 && last.length === 2 && COUNTRY_SECOND_LEVEL.has(second) ? 3 : 2;

  return labels.slice(-take).join(".");
}

function siteOfHost(host: string): Omit<UrlSite, "host"> | null {
  const labels = host.split(".").filter(Boolean).slice(-MAX_LABELS);
  if (labels.length < 2) return null;
  for (const shared of SHARED_HOSTS) {
    if (host === shared) return null;
    if (host.endsWith(`.${shared}`)) {
      // The tenant is the first label (`meggnotec.ams3.digitaloceanspaces.com`: a region sits between).
      const tenant = labels[0] as string;
      return { site: `${tenant}.${shared}`, name: tenant, shared: true };
    }
  }
  const site = registrable(labels);

  return { site, name: site.split(".", 1)[0] as string, shared: false };
}

/**
 * The vendor behind a URL (see UrlSite), or null for a relative URL, a bare shared host or a
 * storage URL that names no bucket. Amazon S3 and Google Cloud Storage name the bucket either as
 * the first label (`<bucket>.s3.eu-west-1.amazonaws.com`) or as the first path segment
 * (`s3.amazonaws.com/<bucket>/…`, `storage.googleapis.com/<bucket>/…`); a bucket named like a host
 * (`cdn.limechat.ai`) is read as that host.
 */
export function siteOfUrl(url: string): UrlSite | null {
  const parts = splitUrl(url);
  if (!parts) return null;
  const { host, path } = parts;
  const labels = host.split(".");
  let bucket: string | null = null;
  if (host.endsWith(".amazonaws.com")) {
    const at = labels.findIndex(isBucketLabel);
    // Not storage (an API gateway, a load balancer): the tenant is the first label.
    if (at < 0) return { host, site: host, name: labels[0] as string, shared: true };
    bucket = at === 0 ? (path.split("/")[1] ?? "") : labels.slice(0, at).join(".");
  } else if (host === "storage.googleapis.com") {
    bucket = path.split("/")[1] ?? "";
  } else if (host.endsWith(".storage.googleapis.com")) {
    bucket = host.slice(0, -".storage.googleapis.com".length);
  }
  if (bucket !== null) {
    if (!/^[a-z0-9][a-z0-9._-]{1,62}$/.test(bucket)) return null;
    if (bucket.includes(".")) {
      const named = siteOfHost(bucket);
      return named && { host: bucket, ...named };
    }
    const site = host.startsWith(`${bucket}.`) ? host : `${bucket}.${host}`;
    return { host: site, site, name: bucket, shared: true };
  }
  const named = siteOfHost(host);

  return named && { host, ...named };
}
