import { isIP } from "node:net";
import { parseIPv4, parseIPv6, stripBrackets, stripZone } from "@/lib/http/ip-literal";

/**
 * Address policy for outbound requests to user-supplied hosts (SSRF guard).
 * Only globally routable unicast addresses are allowed; IPv6 forms that embed an
 * IPv4 address (mapped, compatible, translated, NAT64, 6to4) are judged by the
 * embedded IPv4 address, so `::ffff:127.0.0.1` is loopback like `127.0.0.1`.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type Cidr = { bytes: number[]; bits: number; reason: string };

const IPV4_REFUSED: Cidr[] = [
  cidr4("0.0.0.0", 8, "unspecified"),
  cidr4("10.0.0.0", 8, "private"),
  cidr4("100.64.0.0", 10, "cgnat"),
  cidr4("127.0.0.0", 8, "loopback"),
  cidr4("169.254.0.0", 16, "link-local"),
  cidr4("172.16.0.0", 12, "private"),
  cidr4("192.0.0.0", 24, "reserved"),
  cidr4("192.0.2.0", 24, "documentation"),
  cidr4("192.88.99.0", 24, "reserved"),
  cidr4("192.168.0.0", 16, "private"),
  cidr4("198.18.0.0", 15, "benchmarking"),
  cidr4("198.51.100.0", 24, "documentation"),
  cidr4("203.0.113.0", 24, "documentation"),
  cidr4("224.0.0.0", 4, "multicast"),
  // 240/4 is reserved and includes the limited broadcast 255.255.255.255.
  cidr4("240.0.0.0", 4, "reserved"),
];

/** Ranges whose last 32 bits are an IPv4 address; that address decides. */
const IPV6_EMBEDDING_V4_TAIL: Cidr[] = [
  cidr6("::ffff:0:0", 96, "ipv4-mapped"),
  cidr6("::ffff:0:0:0", 96, "ipv4-translated"),
  cidr6("64:ff9b::", 96, "nat64"),
  // Deprecated IPv4-compatible form (::a.b.c.d); :: and ::1 are handled before.
  cidr6("::", 96, "ipv4-compatible"),
];

const IPV6_REFUSED: Cidr[] = [
  cidr6("64:ff9b:1::", 48, "nat64-local"),
  cidr6("100::", 64, "discard"),
  // IETF protocol assignments: Teredo (embeds an obfuscated IPv4), ORCHID, benchmarking…
  cidr6("2001::", 23, "reserved"),
  cidr6("2001:db8::", 32, "documentation"),
  cidr6("3fff::", 20, "documentation"),
  cidr6("fc00::", 7, "unique-local"),
  cidr6("fe80::", 10, "link-local"),
  cidr6("fec0::", 10, "site-local"),
  cidr6("ff00::", 8, "multicast"),
];

const GLOBAL_UNICAST_V6 = cidr6("2000::", 3, "global");
const SIX_TO_FOUR = cidr6("2002::", 16, "6to4");

/** Judges one literal IP address (v4 or v6, optional zone id). */
export function checkAddress(address: string): AddressVerdict {
  const bare = stripZone(stripBrackets(address));
  const family = isIP(bare);
  if (family === 4) {
    return checkIPv4(parseIPv4(bare));
  }
  if (family === 6) {
    return checkIPv6(parseIPv6(bare));
  }

  return { allowed: false, reason: "not an IP address" };
}

export function isIpLiteral(host: string): boolean {
  return isIP(stripZone(stripBrackets(host))) !== 0;
}

function checkIPv4(bytes: number[]): AddressVerdict {
  const hit = IPV4_REFUSED.find((range) => inCidr(bytes, range));

  return hit ? { allowed: false, reason: hit.reason } : { allowed: true };
}

function checkIPv6(bytes: number[]): AddressVerdict {
  if (bytes.every((b) => b === 0)) {
    return { allowed: false, reason: "unspecified" };
  }
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) {
    return { allowed: false, reason: "loopback" };
  }

  const embedding = IPV6_EMBEDDING_V4_TAIL.find((range) => inCidr(bytes, range));
  if (embedding) {
    return withPrefix(embedding.reason, checkIPv4(bytes.slice(12, 16)));
  }
  if (inCidr(bytes, SIX_TO_FOUR)) {
    return withPrefix("6to4", checkIPv4(bytes.slice(2, 6)));
  }

  const hit = IPV6_REFUSED.find((range) => inCidr(bytes, range));
  if (hit) {
    return { allowed: false, reason: hit.reason };
  }
  if (!inCidr(bytes, GLOBAL_UNICAST_V6)) {
    return { allowed: false, reason: "reserved" };
  }

  return { allowed: true };
}

function withPrefix(prefix: string, verdict: AddressVerdict): AddressVerdict {
  return verdict.allowed ? verdict : { allowed: false, reason: `${prefix} ${verdict.reason}` };
}

function inCidr(bytes: number[], range: Cidr): boolean {
  if (bytes.length !== range.bytes.length) {
    return false;
  }
  let remaining = range.bits;
  for (let i = 0; remaining > 0; i += 1) {
    const take = Math.min(8, remaining);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) {
      return false;
    }
    remaining -= take;
  }

  return true;
}

function cidr4(address: string, bits: number, reason: string): Cidr {
  return { bytes: parseIPv4(address), bits, reason };
}

function cidr6(address: string, bits: number, reason: string): Cidr {
  return { bytes: parseIPv6(address), bits, reason };
}
