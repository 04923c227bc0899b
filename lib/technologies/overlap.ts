// No imports: scripts/import-fingerprints.mjs loads this file (and lib/apps/catalog.ts) directly to
// leave out, at import time, the entries of the base that our own catalog already lists.

/**
 * "Judge.me Product Reviews" and "judge.me" compare as "judgemeproductreviews" / "judgeme"; a
 * closing "app" word names no other product ("OrderLogic app" is "OrderLogic").
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s-]+app$/, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** The host (no path) a pattern starts with, when it starts with one. */
function hostOf(pattern: string): string | null {
  const host = pattern.split("/", 1)[0] as string;

  return /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/**
 * Whether two host patterns name the same thing: one host is the other or a subdomain of it, and
 * one path starts the other (`klaviyo.com` and `static.klaviyo.com/onsite/`); or one, a fragment
 * without a host, is inside the other.
 */
export function hostsOverlap(a: string, b: string): boolean {
  const ha = hostOf(a);
  const hb = hostOf(b);
  // A pattern without a host (`shopifycloud/shopify_chat/`, a fragment of our app catalog) names
  // whatever URL pattern holds it.
  if (!ha || !hb) return (!ha && a.length >= 7 && b.includes(a)) || (!hb && b.length >= 7 && a.includes(b));
  if (ha !== hb && !ha.endsWith(`.${hb}`) && !hb.endsWith(`.${ha}`)) return false;
  const pa = a.slice(ha.length);
  const pb = b.slice(hb.length);

  return pa.startsWith(pb) || pb.startsWith(pa);
}

/** What an entry of our own is known by: its slug, its names and its host patterns. */
export type Claim = { slug: string; names: readonly string[]; hosts: readonly string[] };

/** The claim an entry of the base makes on one of ours (same slug, same name, or an overlapping host), or null. */
export function claimedBy(entry: { slug: string; name: string; hosts?: readonly string[] }, claims: readonly Claim[]): Claim | null {
  const key = nameKey(entry.name);
  for (const claim of claims) {
    if (claim.slug === entry.slug || claim.names.some((name) => nameKey(name) === key)) return claim;
    if ((entry.hosts ?? []).some((host) => claim.hosts.some((own) => hostsOverlap(host, own)))) return claim;
  }

  return null;
}
