/** Characters of one inline script read for URLs. */
export const MAX_SCRIPT_CHARS = 500_000;

const URL_STOP = `"'\` <>()\\,;`;

/**
 * The URLs written in a script's text (`https://…`, `//…`, JSON-escaped `https:\/\/…` too), read
 * with indexOf from each `//`: at most `max`, each at most 2,048 characters. `scriptsOnly` keeps
 * those whose path names a .js file (what a loader snippet loads), not links a script mentions.
 */
export function urlsInScript(script: string, max: number, scriptsOnly: boolean): string[] {
  const text = script.length > MAX_SCRIPT_CHARS ? script.slice(0, MAX_SCRIPT_CHARS) : script;
  const plain = text.includes("\\/") ? text.replaceAll("\\/", "/").replaceAll("\\u0026", "&") : text;
  const urls: string[] = [];
  let from = 0;
  while (urls.length < max) {
    const at = plain.indexOf("//", from);
    if (at < 0) break;
    let end = at + 2;
    while (end < plain.length && end - at < 2_048 && !URL_STOP.includes(plain[end] as string)) end++;
    from = end;
    const url = `https:${plain.slice(at, end)}`;
    const slash = url.indexOf("/", "https://".length);
    const path = slash < 0 ? "" : (url.slice(slash).split(/[?#]/, 1)[0] ?? "");
    if (url.length > 10 && (!scriptsOnly || path.endsWith(".js"))) urls.push(url);
  }

  return urls;
}

const PROXY = "cdn.shopify.com/proxy/";

/** Whether a URL is a ScriptTag Shopify proxies (`cdn.shopify.com/proxy/<hash>/<vendor host>/…`). */
export function isProxiedScriptTag(url: string): boolean {
  return url.toLowerCase().includes(PROXY);
}

/**
 * A ScriptTag Shopify proxies (`cdn.shopify.com/proxy/<hash>/api.kount.com/shopify/js?…`) as the
 * vendor URL it stands for; any other URL as it is.
 */
export function unproxied(url: string): string {
  const at = url.toLowerCase().indexOf(PROXY);
  if (at < 0) return url;
  const rest = url.slice(at + PROXY.length);
  const slash = rest.indexOf("/");

  return slash < 0 ? url : `https://${rest.slice(slash + 1)}`;
}
