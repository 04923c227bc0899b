/**
 * Host patterns (`cdn.example.com`, `example.com/path/`) indexed by their host, so a URL is
 * matched with one map lookup per label of its host and a prefix test of its path against the
 * few patterns of that host: linear in the URL, whatever the size of the catalog. No pattern is
 * a regex; nothing third-party runs over page text.
 */
export type HostIndex<T> = { byHost: Map<string, { path: string; owner: T }[]> };

/** A URL's host has at most this many labels tried (a.b.c.example.co.uk is six). */
const MAX_LABELS = 8;
/** URLs longer than this are cut before they are read: a storefront URL is well under it. */
const MAX_URL = 2_048;

export function buildHostIndex<T>(entries: Iterable<{ pattern: string; owner: T }>): HostIndex<T> {
  const byHost = new Map<string, { path: string; owner: T }[]>();
  for (const { pattern, owner } of entries) {
    const slash = pattern.indexOf("/");
    const host = slash < 0 ? pattern : pattern.slice(0, slash);
    const path = slash < 0 ? "" : pattern.slice(slash);
    let list = byHost.get(host);
    if (!list) byHost.set(host, (list = []));
    list.push({ path, owner });
  }
  // Longest path first: the most specific pattern of a host names the technology.
  for (const list of byHost.values()) list.sort((a, b) => b.path.length - a.path.length);

  return { byHost };
}

/**
 * The host and path of a URL as a page writes it (`https://…`, `//…`, with or without a port),
 * lower-case, or null for a relative or malformed one.
 */
export function splitUrl(url: string): { host: string; path: string } | null {
  const text = url.slice(0, MAX_URL).trim().toLowerCase();
  let start: number;
  if (text.startsWith("//")) start = 2;
  else {
    const scheme = text.indexOf("://");
    if (scheme < 1 || scheme > 8) return null;
    start = scheme + 3;
  }
  let end = start;
  while (end < text.length && !"/?#".includes(text[end] as string)) end++;
  let host = text.slice(start, end);
  const at = host.lastIndexOf("@");
  if (at >= 0) host = host.slice(at + 1);
  const colon = host.indexOf(":");
  if (colon >= 0) host = host.slice(0, colon);
  if (!host.includes(".")) return null;
  const rest = text.slice(end);

  return { host, path: rest.startsWith("/") ? rest : `/${rest}` };
}

/** The owner of the most specific pattern a URL matches (its host or a parent domain, then its path), or null. */
export function matchUrl<T>(index: HostIndex<T>, url: string): { owner: T; pattern: string } | null {
  const parts = splitUrl(url);
  if (!parts) return null;
  // The host's last MAX_LABELS labels, longest suffix first: a.b.cdn.example.com tries
  // a.b.cdn.example.com, b.cdn.example.com, cdn.example.com, then example.com.
  const labels = parts.host.split(".").slice(-MAX_LABELS);
  for (let first = 0; first < labels.length - 1; first++) {
    const host = labels.slice(first).join(".");
    const list = index.byHost.get(host);
    if (!list) continue;
    for (const entry of list) if (parts.path.startsWith(entry.path)) return { owner: entry.owner, pattern: host + entry.path };
  }

  return null;
}
