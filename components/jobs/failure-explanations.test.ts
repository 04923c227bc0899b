import { describe, expect, it } from "vitest";
import { describeChargeReturn } from "./failure-explanations";

// The failure panel says whether a failed analysis's charge came back, and why or why not, in
// words: our failure, a store that turned it away early (within the monthly allowance), the
// allowance used up, or a store that made us do the work first.

const completedAt = "2026-11-20T10:00:00.000Z";

describe("describeChargeReturn", () => {
  it("says a failure of ours was given back, and what came back", () => {
    expect(
      describeChargeReturn({ code: "analysis_failed", chargeReturned: "quota", reason: "our_failure", completedAt }, "a.test"),
    ).toEqual({
      returned: true,
      text: "Your analysis was given back: it failed on our side. This analysis did not count against your free analyses this month.",
    });
    expect(
      describeChargeReturn({ code: "storage_low", chargeReturned: "credit", reason: "our_failure", completedAt }, "a.test")?.text,
    ).toBe("Your analysis was given back: it failed on our side. The report credit it used is back on your account.");
  });

  it("says a store's early failure was given back, and that only three a month are", () => {
    expect(describeChargeReturn({ code: "not_shopify", chargeReturned: "quota", reason: "cheap_failure", completedAt }, "a.test")).toEqual({
      returned: true,
      text:
        "Your analysis was given back: a.test turned it away while we were checking it. " +
        "This analysis did not count against your free analyses this month. Up to 3 such failures a month are given back.",
    });
  });

  it("an x402 payer's free retry keeps its date and has no monthly allowance to mention", () => {
    const note = describeChargeReturn(
      { code: "not_shopify", chargeReturned: "free_retry", reason: "cheap_failure", completedAt },
      "a.test",
    );
    expect(note?.text).toMatch(
      /^Your analysis was given back: a\.test turned it away while we were checking it\. Your payment covers one more analysis of a\.test until 27 Nov 2026/,
    );
    expect(note?.text).not.toMatch(/a month/);
  });

  it("says the monthly allowance was used up, and that failures of ours are still given back", () => {
    expect(
      describeChargeReturn({ code: "not_shopify", chargeReturned: null, reason: "monthly_cap_reached", completedAt }, "a.test"),
    ).toEqual({
      returned: false,
      text: "Not given back: this account has already had 3 of 3 failed analyses given back this month. Failures on our side are always given back.",
    });
  });

  it("says why a costly failure is not given back, by what the store made us do", () => {
    const costly = (code: string) =>
      describeChargeReturn({ code, chargeReturned: null, reason: "costly_failure", completedAt }, "big.test");
    expect(costly("storage_budget_exceeded")).toEqual({
      returned: false,
      text: "This failure is not given back: big.test exceeded the storage budget of one analysis, and we had stored that much before stopping.",
    });
    expect(costly("store_too_large")?.text).toBe("This failure is not given back: big.test is larger than one analysis may read.");
    expect(costly("worker_crashed")?.text).toBe(
      "This failure is not given back: analyzing big.test brought our analysis process down three times.",
    );
    expect(costly("store_password_protected")?.text).toBe(
      "This failure is not given back: big.test failed after we had started reading its products.",
    );
  });

  it("says nothing when nothing was charged (Pro, an admin retry, the monitor)", () => {
    expect(describeChargeReturn({ code: "not_shopify", chargeReturned: null, reason: null, completedAt }, "a.test")).toBeNull();
  });

  it("a message from a server that did not send a reason still says what came back", () => {
    expect(describeChargeReturn({ code: "not_shopify", chargeReturned: "credit", reason: undefined, completedAt }, "a.test")).toEqual({
      returned: true,
      text: "The report credit it used is back on your account.",
    });
  });
});
