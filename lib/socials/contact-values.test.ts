import { describe, expect, it } from "vitest";
import { readEmail, readPhone } from "./contact-values";

describe("readEmail", () => {
  it("reads a mailto: link without its query, and a bare JSON-LD address", () => {
    expect(readEmail("mailto:hello@acme.com?subject=Hi")).toBe("hello@acme.com");
    expect(readEmail("MAILTO:Hello%40acme.co.uk")).toBe("Hello@acme.co.uk");
    expect(readEmail(" info@acme.in ")).toBe("info@acme.in");
  });

  it.each([
    "mailto:",
    "mailto:not-an-address",
    "mailto:a@b",
    "mailto:you@example.com",
    "mailto:%E0%A4%A",
    `mailto:${"a".repeat(300)}@acme.com`,
  ])("refuses %j", (raw) => {
    expect(readEmail(raw)).toBeNull();
  });
});

describe("readPhone", () => {
  it("reads a tel: link as written when it has 7 to 15 digits", () => {
    expect(readPhone("tel:+12012284683")).toBe("+12012284683");
    expect(readPhone("tel:+44%2020%207946%200000")).toBe("+44 20 7946 0000");
    expect(readPhone("(212) 555-0100")).toBe("(212) 555-0100");
  });

  it.each(["tel:%20(090)%", "tel:12345", "tel:+1234567890123456", "tel:call-us", "tel:"])("refuses %j", (raw) => {
    expect(readPhone(raw)).toBeNull();
  });
});
