import { describe, expect, it } from "vitest";
import { formatDate, formatLanguage, formatTimeLeft, plural } from "./format";

// Counts read as English ("1 store", "2 stores") and every date on the site has one shape, in UTC.

describe("plural", () => {
  it("agrees the noun with the count and groups thousands", () => {
    expect(plural(1, "store")).toBe("1 store");
    expect(plural(0, "store")).toBe("0 stores");
    expect(plural(1204, "store")).toBe("1,204 stores");
    expect(plural(2, "category", "categories")).toBe("2 categories");
  });
});

describe("formatDate", () => {
  it("writes a day as day, short month and year, and a moment with its time in UTC", () => {
    expect(formatDate("2026-11-26T23:30:00Z")).toBe("26 Nov 2026");
    expect(formatDate("2026-11-26T19:25:00-02:00", true)).toBe("26 Nov 2026, 21:25 UTC");
  });

  it("shows a dash for a missing or broken date", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("not a date", true)).toBe("—");
  });
});

describe("formatLanguage", () => {
  it("names a language and its region, and gives up on x-default and malformed codes", () => {
    expect(formatLanguage("fr")).toBe("French");
    expect(formatLanguage("en-US")).toBe("American English");
    expect(formatLanguage("es-US")).toBe("Spanish (United States)");
    expect(formatLanguage("x-default")).toBeNull();
    expect(formatLanguage("not a tag!")).toBeNull();
  });
});

// The time left is an estimate said as one, and says so once it has run out rather than
// promising "a few seconds" for as long as the job takes.
describe("formatTimeLeft", () => {
  it("rounds as an estimate", () => {
    expect(formatTimeLeft(4_000)).toBe("a few seconds left");
    expect(formatTimeLeft(21_000)).toBe("about 25 s left");
    expect(formatTimeLeft(200_000)).toBe("about 4 min left");
  });

  it("says the job is taking longer once the estimate ran out by more than a few seconds", () => {
    expect(formatTimeLeft(-2_000)).toBe("a few seconds left");
    expect(formatTimeLeft(-8_000)).toBe("taking longer than estimated");
  });
});
