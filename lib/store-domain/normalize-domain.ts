// The store host rule: the store reader fetches the host it gives, the directory and the jobs
// key stores by it, and bot-auth keys owner signatures by it. It sits below all of them (the
// store reader signs its requests through bot-auth, so it cannot live in the reader).
// No Node modules: the browser's client imports POST /api/jobs's declaration, whose body schema
// runs this rule (lib/jobs/create-job-request.ts).

export type DomainResult = { ok: true; domain: string } | { ok: false; error: string };

export const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Turns user input ("https://www.Allbirds.com/collections?x=1", "allbirds.com.") into
 * the host name we fetch. `www.` is kept because some stores only answer on it; the
 * slug drops it. Ports, paths, queries and credentials-looking input are refused or
 * stripped; IP addresses and single-label names are not store domains.
 */
export function normalizeDomain(input: string): DomainResult {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/^\/\//, "");
  host = host.split(/[/?#\\]/, 1)[0] ?? "";
  if (host.includes("@")) {
    return { ok: false, error: "a domain cannot contain '@'" };
  }
  if (host.startsWith("[") || isIpAddress(host)) {
    return { ok: false, error: "IP addresses are not store domains" };
  }
  host = host.replace(/:\d*$/, "").replace(/\.$/, "");
  if (host === "") {
    return { ok: false, error: "a domain is required" };
  }

  // Internationalized names are fetched (and slugged) in their punycode form.
  const ascii = domainToAscii(host);
  if (ascii === "") {
    return { ok: false, error: `"${host}" is not a valid host name` };
  }
  if (ascii.length > MAX_DOMAIN_LENGTH) {
    return { ok: false, error: "the domain is too long" };
  }
  if (isIpAddress(ascii)) {
    return { ok: false, error: "IP addresses are not store domains" };
  }

  const labels = ascii.split(".");
  if (labels.length < 2) {
    return { ok: false, error: "a domain needs at least two labels (e.g. example.com)" };
  }
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, error: `"${ascii}" is not a valid host name` };
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) {
    return { ok: false, error: "the top-level label cannot be numeric" };
  }

  return { ok: true, domain: ascii };
}

/** An IPv4 address in dotted form or an IPv6 address (what the host parser leaves of any IP). */
function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || (/^[0-9a-f:.]+$/.test(host) && host.split(":").length > 2);
}

/**
 * The WHATWG URL host parser's ASCII form (punycode for internationalized names, IPv4 in its
 * dotted form), as in every browser and in Node; "" when it is not a valid host.
 */
function domainToAscii(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return "";
  }
}
