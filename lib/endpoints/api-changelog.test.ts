import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_CHANGELOG_FILE, renderApiChangelog } from "./api-changelog";

describe("the dated API changelog", () => {
  it("lists its entries under dates, newest first", () => {
    const dates = [...readFileSync(API_CHANGELOG_FILE, "utf8").matchAll(/^## (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]!);
    expect(dates.length).toBeGreaterThan(2);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("is served as HTML with the store page's products change flagged as breaking", async () => {
    const html = await renderApiChangelog();
    expect(html).toContain("<h2>2026-11-23</h2>");
    expect(html).toMatch(/Breaking — <code>GET \/api\/stores\/:slug<\/code> shape/);
    expect(html).not.toContain("<h1>");
  });
});
