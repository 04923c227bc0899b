/**
 * `SHOP_RESOLVE`, a test/demo seam like curl's `--resolve`: requests for hosts that
 * match a pattern are sent to a fixed origin while keeping the original Host header
 * (and TLS server name). `*.test` matches any subdomain of `test` (not `test` itself);
 * any other pattern matches that exact host name; `*` matches every host.
 */
export type ResolveRule = { pattern: string; origin: URL };

export function parseResolveRules(value: string): ResolveRule[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf("=");
      const pattern = entry.slice(0, at).trim().toLowerCase().replace(/\.$/, "");
      const origin = new URL(entry.slice(at + 1).trim());
      if (at <= 0 || (origin.protocol !== "http:" && origin.protocol !== "https:")) {
        throw new Error(`Invalid resolve rule "${entry}" (expected pattern=http(s)://host:port)`);
      }

      return { pattern, origin };
    });
}

/** The first rule whose pattern matches the host, if any. */
export function findResolveRule(host: string, rules: readonly ResolveRule[]): ResolveRule | undefined {
  const name = host.toLowerCase().replace(/\.$/, "");

  return rules.find((rule) => matchesPattern(name, rule.pattern));
}

function matchesPattern(host: string, pattern: string): boolean {
  if (pattern === "*") {
    return true;
  }
  if (pattern.startsWith("*.")) {
    return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  }

  return host === pattern;
}
