// Per-IP limits key on the address the custom server vouched for, never on one the client wrote.
import { describe, expect, it } from "vitest";
import { requestClientAddress } from "@/lib/http/client-address";

describe("requestClientAddress", () => {
  it("is the address the server left in X-Forwarded-For", () => {
    expect(requestClientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(requestClientAddress(new Headers({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("is one shared 'unknown' without it, whatever else the client sent", () => {
    expect(requestClientAddress(new Headers({ "x-real-ip": "198.51.100.1" }))).toBe("unknown");
    expect(requestClientAddress(new Headers({ "x-forwarded-for": "" }))).toBe("unknown");
  });
});
