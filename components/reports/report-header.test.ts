import { describe, expect, it } from "vitest";
import { changesValue, contentCutNote, reportSummary } from "./report-header";

// The report page says in one line when the limits on store content cut anything, and says
// nothing otherwise (nor for reports built before the limits).

const NOTHING = { products: 0, variants: 0, images: 0, tags: 0, options: 0, text_fields: 0, bytes: 0 };
const cut = (value: typeof NOTHING) => ({ cut_to_limits: { value, basis: "derived" as const } });

describe("contentCutNote", () => {
  it("names what was cut and how much", () => {
    expect(contentCutNote(cut({ ...NOTHING, products: 2, variants: 5904, tags: 19500, text_fields: 2, bytes: 2_097_000 }))).toBe(
      "2 products went past the limits on what a report keeps and were cut: 5,904 variants, 19,500 tags, 2 text values shortened, 2,097,000 bytes of text.",
    );
  });

  it("says nothing when nothing was cut or the report predates the limits", () => {
    expect(contentCutNote(cut(NOTHING))).toBeNull();
    expect(contentCutNote({})).toBeNull();
  });
});

// "Changes" counts only against an earlier analysis; a store's first report says so instead of 0.
describe("changesValue", () => {
  const changelog = (previous: string | null, total: number) => ({ previous_job_id: previous, data: [], pagination: { total }, tally: [] });

  it("shows no figure when there is nothing to compare with", () => {
    expect(changesValue({ summary: { changes: 0 }, changelog: changelog(null, 0) } as never)).toBeNull();
  });

  it("counts the changes since the previous analysis", () => {
    expect(changesValue({ summary: { changes: 1234 }, changelog: changelog("0b7c…", 1234) } as never)).toBe("1,234");
    expect(changesValue({ summary: { changes: 0 }, changelog: changelog("0b7c…", 0) } as never)).toBe("0");
  });
});

// The report opens on what the store runs, how big it is and what changed, in words.
describe("reportSummary", () => {
  const apps = [
    { name: "Klaviyo", first_party: false },
    { name: "Judge.me", first_party: false },
    { name: "Shopify Inbox", first_party: true },
  ];
  const view = (previous: string | null, changes: number) =>
    ({
      summary: { product_count: 1234, price_min: "5.00", price_max: "120.00", changes },
      productCount: 1234,
      changelog: {
        previous_job_id: previous,
        previous_completed_at: previous ? "2026-11-02T10:00:00Z" : null,
        pagination: { total: changes },
      },
      findings: { theme: { value: { name: "Dawn" } }, apps: { value: apps } },
    }) as never;

  it("names the theme, counts the apps by others than Shopify, sizes the catalog and says it is the first analysis", () => {
    expect(reportSummary(view(null, 0), "EUR")).toEqual([
      "Runs the Dawn theme with 2 apps.",
      "1,234 products, priced €5.00 – €120.00.",
      "First analysis of this store.",
    ]);
  });

  it("counts the changes since the previous analysis, one in the singular", () => {
    expect(reportSummary(view("job-1", 1), "EUR")[2]).toBe("1 change since 2 Nov 2026.");
    expect(reportSummary(view("job-1", 12), "EUR")[2]).toBe("12 changes since 2 Nov 2026.");
  });
});
