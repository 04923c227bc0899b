import { describe, expect, it } from "vitest";
import { checkAddress } from "./ip-address";

const REFUSED: Array<[string, string]> = [
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["10.0.0.1", "private"],
  ["100.64.0.1", "cgnat"],
  ["100.127.255.254", "cgnat"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["169.254.169.254", "link-local"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.1", "documentation"],
  ["192.168.1.1", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.7", "documentation"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "reserved"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::ffff:127.0.0.1", "ipv4-mapped loopback"],
  ["::ffff:7f00:1", "ipv4-mapped loopback"],
  ["::ffff:10.1.2.3", "ipv4-mapped private"],
  ["::ffff:169.254.169.254", "ipv4-mapped link-local"],
  ["::FFFF:192.168.0.1", "ipv4-mapped private"],
  ["::ffff:0:127.0.0.1", "ipv4-translated loopback"],
  ["::127.0.0.1", "ipv4-compatible loopback"],
  ["::10.0.0.1", "ipv4-compatible private"],
  ["64:ff9b::10.0.0.1", "nat64 private"],
  ["64:ff9b:1::1", "nat64-local"],
  ["2002:7f00:1::", "6to4 loopback"],
  ["2002:c0a8:101::1", "6to4 private"],
  ["2001::1", "reserved"],
  ["2001:db8::1", "documentation"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["fec0::1", "site-local"],
  ["ff02::1", "multicast"],
  ["100::1", "discard"],
  ["4000::1", "reserved"],
];

const ALLOWED = [
  "8.8.8.8",
  "23.227.38.65",
  "172.32.0.1",
  "100.128.0.1",
  "::ffff:8.8.8.8",
  "2606:4700::6810:84e5",
  "2620:127:f00f:e::",
  "64:ff9b::808:808",
  "2002:808:808::1",
];

describe("checkAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each(ALLOWED)("allows %s", (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it("refuses things that are not IP addresses", () => {
    expect(checkAddress("example.com").allowed).toBe(false);
    expect(checkAddress("1.2.3").allowed).toBe(false);
  });
});
