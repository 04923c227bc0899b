/**
 * Reading IP address literals, shared by the SSRF guard (lib/net) and the per-address limit keys
 * (client-address.ts). Each function takes text `isIP` (node:net) has already accepted.
 */

/** `[::1]` → `::1`: the form a URL host or a Host header gives an IPv6 literal. */
export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** `fe80::1%eth0` → `fe80::1`: a zone id names an interface of the host, not an address. */
export function stripZone(host: string): string {
  const percent = host.indexOf("%");

  return percent === -1 ? host : host.slice(0, percent);
}

export function parseIPv4(text: string): number[] {
  return text.split(".").map((part) => Number.parseInt(part, 10));
}

/** Expands any valid IPv6 text (`::` compression, dotted IPv4 tail) to 16 bytes. */
export function parseIPv6(text: string): number[] {
  let source = text.toLowerCase();
  const bytes: number[] = [];
  const lastColon = source.lastIndexOf(":");
  if (source.includes(".")) {
    const v4 = parseIPv4(source.slice(lastColon + 1));
    source = `${source.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head = "", rest] = source.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const zeros = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : zeros).fill("0"), ...restGroups];
  for (const group of groups) {
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }

  return bytes;
}
