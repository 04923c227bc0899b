export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/** Longer than any page of this site; a longer value is not a path we would have sent. */
const MAX_CALLBACK_LENGTH = 2048;

/**
 * Browsers drop tab and newline anywhere in a URL and strip other control characters at its
 * ends, so `/\t/evil` becomes `//evil`; they read `\` as `/`. Neither belongs in our paths.
 */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** Rounds of percent-decoding looked through (`%252F` is `%2F` is `/`) before giving up. */
const DECODE_ROUNDS = 3;

/**
 * Whether `value` is a path on this site in every form a browser or a redirect layer may read
 * it: raw, and once or twice percent-decoded (`/%2F/evil`, `/%5Cevil`, `/%09/evil`).
 */
function isSitePath(value: string): boolean {
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    if (!current.startsWith("/") || current.startsWith("//") || UNSAFE_CHARACTERS.test(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }

  return false;
}

/**
 * Where to go after signing in: only a path on this site (never `//host`, `/\host`, a full
 * URL or a form a browser turns into one, which would make the sign-in page an open redirect).
 */
export function safeCallbackPath(value: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string" || value.length > MAX_CALLBACK_LENGTH || !isSitePath(value)) return fallback;

  return value;
}

/**
 * Auth.js's `redirect` callback: the same rule for every callbackUrl it is handed (form field,
 * query parameter or cookie). Its own URLs are absolute on `baseUrl` (the public origin), so an
 * absolute URL counts only when it starts with that origin followed by a path.
 */
export function sameSiteRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;

  return `${baseUrl}${safeCallbackPath(path, "/")}`;
}
