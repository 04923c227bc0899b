// Per-IP limits key on the address the custom server vouched for, never on one the client wrote,
// and on the address group one client holds: an IPv4 address, or the /64 of an IPv6 address.
import { describe, expect, it } from "vitest";
import { addressLimitKey, requestLimitKey } from "@/lib/http/client-address";

describe("requestLimitKey", () => {
  it("is the address the server left in X-Forwarded-For", () => {
    expect(requestLimitKey(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(requestLimitKey(new Headers({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("is one shared 'unknown' without it, whatever else the client sent", () => {
    expect(requestLimitKey(new Headers({ "x-real-ip": "198.51.100.1" }))).toBe("unknown");
    expect(requestLimitKey(new Headers({ "x-forwarded-for": "" }))).toBe("unknown");
  });

  it("is the /64 of an IPv6 address", () => {
    expect(requestLimitKey(new Headers({ "x-forwarded-for": "2001:db8:0:7:1:2:3:4" }))).toBe("2001:db8:0:7::/64");
  });
});

describe("addressLimitKey", () => {
  it("gives every address of one IPv6 /64 the same key, however the address is written", () => {
    const key = "2001:db8:0:7::/64";
    for (const address of [
      "2001:db8:0:7::1",
      "2001:db8:0:7:ffff:ffff:ffff:ffff",
      "2001:0DB8:0000:0007:0000:0000:0000:0001",
      "2001:db8::7:0:0:0:1",
      "2001:db8:0:7:a:b:1.2.3.4",
      "2001:db8:0:7::9%eth0",
      "[2001:db8:0:7::2]",
    ]) {
      expect(addressLimitKey(address), address).toBe(key);
    }
  });

  it("gives addresses of different /64s different keys", () => {
    const keys = ["2001:db8:0:7::1", "2001:db8:0:8::1", "2001:db8:1:7::1", "2001:db9:0:7::1"].map(addressLimitKey);
    expect(new Set(keys).size).toBe(4);
  });

  it("writes the prefix in one canonical form, a zone id left out", () => {
    expect(addressLimitKey("2001:db8::1")).toBe("2001:db8::/64");
    expect(addressLimitKey("2001::1")).toBe("2001::/64");
    expect(addressLimitKey("::1")).toBe("::/64");
    expect(addressLimitKey("0:0:1::5")).toBe("0:0:1::/64");
    expect(addressLimitKey("FE80::1%eth0")).toBe("fe80::/64");
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address, in either spelling", () => {
    expect(addressLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressLimitKey("::FFFF:c633:6407")).toBe("198.51.100.7");
    expect(addressLimitKey("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressLimitKey("::ffff:198.51.100.8")).not.toBe(addressLimitKey("::ffff:198.51.100.7"));
  });

  it("keeps IPv4 addresses, and anything that is not an address, as they are", () => {
    expect(addressLimitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressLimitKey("unknown")).toBe("unknown");
  });
});
