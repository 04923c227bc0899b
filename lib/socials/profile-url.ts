import type { SocialNetwork } from "./schemas";

/** Longest profile address kept: a longer one is no profile link a theme writes. */
export const MAX_PROFILE_URL = 500;
const MAX_HANDLE = 100;

/** A link recognized as a network profile: the address to follow, the account and the key that identifies it. */
export type ProfileUrl = {
  network: SocialNetwork;
  url: string;
  handle: string;
  /** Host without www./m. and the path that names the account: equal for two links to one profile. */
  key: string;
};

/** Hosts (www., m. … removed) of each network; x.com is the key host of twitter.com too. */
const NETWORK_HOSTS: ReadonlyMap<string, { network: SocialNetwork; keyHost: string }> = new Map([
  ["instagram.com", { network: "instagram", keyHost: "instagram.com" }],
  ["facebook.com", { network: "facebook", keyHost: "facebook.com" }],
  ["fb.com", { network: "facebook", keyHost: "facebook.com" }],
  ["tiktok.com", { network: "tiktok", keyHost: "tiktok.com" }],
  ["youtube.com", { network: "youtube", keyHost: "youtube.com" }],
  ["pinterest.com", { network: "pinterest", keyHost: "pinterest.com" }],
  ["twitter.com", { network: "x", keyHost: "x.com" }],
  ["x.com", { network: "x", keyHost: "x.com" }],
  ["linkedin.com", { network: "linkedin", keyHost: "linkedin.com" }],
  ["threads.net", { network: "threads", keyHost: "threads.net" }],
  ["threads.com", { network: "threads", keyHost: "threads.net" }],
]);

const DROPPED_SUBDOMAINS = ["www.", "m.", "mobile.", "web.", "business."];

/**
 * First path segments that are the network's own pages, share dialogs, posts or videos, never
 * an account. Posts and videos deeper in an account's path (`/@x/video/…`, `/x/status/…`) are
 * refused by ACCOUNT_SUBPAGES.
 */
const NOT_ACCOUNTS: Record<SocialNetwork, ReadonlySet<string>> = {
  instagram: new Set(["p", "reel", "reels", "tv", "stories", "explore", "accounts", "share", "direct", "about", "legal", "developer"]),
  facebook: new Set([
    "sharer",
    "sharer.php",
    "share",
    "share.php",
    "dialog",
    "plugins",
    "tr",
    "login",
    "login.php",
    "watch",
    "events",
    "photo",
    "photo.php",
    "story.php",
    "permalink.php",
    "hashtag",
    "help",
    "policies",
    "privacy",
    "legal",
    "business",
    "marketplace",
    "reel",
    "share_channel",
  ]),
  tiktok: new Set(["discover", "tag", "music", "search", "embed", "share", "legal"]),
  youtube: new Set([
    "watch",
    "embed",
    "shorts",
    "playlist",
    "results",
    "v",
    "live",
    "feed",
    "hashtag",
    "redirect",
    "share",
    "attribution_link",
  ]),
  pinterest: new Set(["pin", "search", "ideas", "today", "explore", "business", "_"]),
  x: new Set(["intent", "share", "home", "search", "hashtag", "i", "login", "signup", "explore", "settings", "tos", "privacy", "compose"]),
  linkedin: new Set(["shareArticle", "sharing", "feed", "posts", "pulse", "share", "cws", "login", "signup", "jobs"]),
  threads: new Set(["intent", "share", "search", "login"]),
};

/** Second segments that make a link a post or a video of the account, not the account. */
const ACCOUNT_SUBPAGES = new Set(["status", "video", "videos", "posts", "photos", "photo", "pin", "reel", "reels", "post", "story"]);

/**
 * The platforms' own accounts and the Shopify and theme vendors' demo ones: a theme links them
 * until the merchant fills in its own.
 */
const PLATFORM_ACCOUNTS = new Set([
  "shopify",
  "shopifyplus",
  "shopifypartners",
  "facebook",
  "instagram",
  "twitter",
  "x",
  "tiktok",
  "youtube",
  "pinterest",
  "linkedin",
  "threads",
  "meta",
  "pixelunion",
  "archetypethemes",
  "outofthesandbox",
  "maestrooo",
  "cleancanvas",
]);

/** Query parameters that name the account (everything else is tracking and left out of the key). */
const KEPT_QUERY: Partial<Record<SocialNetwork, string>> = { facebook: "id" };

/**
 * The absolute http(s) address a link points to, or null. Pages saved with HTTrack-like tools
 * rewrite `https://host/…` to `index.html//host/…`; a theme that forgot to close an attribute
 * leaks `" target="` into the value, so the address ends at the first quote or space.
 */
export function absoluteLink(href: string): string | null {
  let value = href.trim();
  if (value.length > MAX_PROFILE_URL * 2) return null;
  const end = firstIndexOf(value, ['"', "'", " ", "<", ">", "\t", "\n"]);
  if (end !== -1) value = value.slice(0, end);
  const saved = value.search(/\.html?\/\//i);
  if (saved !== -1 && saved < 200) value = value.slice(saved + value.slice(saved).indexOf("//"));
  if (value.startsWith("//")) value = `https:${value}`;
  if (!/^https?:\/\//i.test(value) || value.length > MAX_PROFILE_URL) return null;

  return value;
}

function firstIndexOf(text: string, needles: readonly string[]): number {
  let first = -1;
  for (const needle of needles) {
    const at = text.indexOf(needle);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }

  return first;
}

function networkOf(hostname: string): { network: SocialNetwork; keyHost: string } | null {
  let host = hostname.toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  for (const prefix of DROPPED_SUBDOMAINS) if (host.startsWith(prefix)) host = host.slice(prefix.length);
  const direct = NETWORK_HOSTS.get(host);
  if (direct) return direct;
  // Country sites: de.linkedin.com, in.pinterest.com, pinterest.co.uk.
  const dot = host.indexOf(".");
  const parent = dot > 0 && dot <= 5 ? NETWORK_HOSTS.get(host.slice(dot + 1)) : undefined;
  if (parent && (parent.network === "linkedin" || parent.network === "pinterest" || parent.network === "facebook")) return parent;
  if (/^pinterest\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return { network: "pinterest", keyHost: "pinterest.com" };

  return null;
}

/** The account part of a network's path, or null when the path is no account page. */
function accountPath(network: SocialNetwork, segments: string[]): string[] | null {
  const [first, second, third] = segments;
  if (!first || NOT_ACCOUNTS[network].has(first) || NOT_ACCOUNTS[network].has(first.toLowerCase())) return null;
  switch (network) {
    case "tiktok":
    case "threads":
      return first.startsWith("@") && first.length > 1 && !second ? [first] : null;
    case "youtube":
      if (first === "channel" || first === "c" || first === "user") return second ? [first, second] : null;
      return [first];
    case "linkedin":
      if (first === "company" || first === "in" || first === "school" || first === "showcase") return second ? [first, second] : null;
      return null;
    case "facebook":
      if (first === "pages" || first === "groups") return second ? [first, second, ...(third && /^\d+$/.test(third) ? [third] : [])] : null;
      return second && ACCOUNT_SUBPAGES.has(second.toLowerCase()) ? null : [first];
    default:
      return second && ACCOUNT_SUBPAGES.has(second.toLowerCase()) ? null : [first];
  }
}

/** The profile a link points to, or null when it is no store profile (see NOT_ACCOUNTS, PLATFORM_ACCOUNTS). */
export function readProfileUrl(href: string): ProfileUrl | null {
  const link = absoluteLink(href);
  if (!link) return null;
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    return null;
  }
  const site = networkOf(parsed.hostname);
  if (!site) return null;
  const segments = parsed.pathname.split("/").filter(Boolean);
  const account = accountPath(site.network, segments);
  if (!account) return null;
  const keptName = KEPT_QUERY[site.network];
  const keptValue = keptName ? parsed.searchParams.get(keptName) : null;
  // facebook.com/profile.php?id=… names its account by the query alone.
  if (account[0] === "profile.php" && !keptValue) return null;
  const handle = decodeSegment(keptValue && account[0] === "profile.php" ? keptValue : (account.at(-1) as string));
  if (!handle || handle.length > MAX_HANDLE || PLATFORM_ACCOUNTS.has(handle.replace(/^@/, "").toLowerCase())) return null;
  const query = keptValue ? `?${keptName}=${keptValue}` : "";

  return { network: site.network, url: link, handle, key: `${site.keyHost}/${account.join("/")}${query}` };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The key of a profile address (see ProfileUrl.key), or null when it is none: for matching lists of profiles. */
export function profileKey(href: string): string | null {
  return readProfileUrl(href)?.key ?? null;
}
