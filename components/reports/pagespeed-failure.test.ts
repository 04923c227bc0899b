import { describe, expect, it } from "vitest";
import { pagespeedFailureText } from "./pagespeed-failure";

// A PageSpeed audit that failed says why in words, never as the stored error string.

describe("pagespeedFailureText", () => {
  it("says why in words without the operator's detail", () => {
    expect(pagespeedFailureText("network: fetch failed")).toBe("Google PageSpeed could not be reached.");
    expect(pagespeedFailureText("quota: 429 Too Many Requests")).toMatch(/quota/);
    expect(pagespeedFailureText("lighthouse: NO_FCP")).not.toMatch(/NO_FCP/);
  });

  it("falls back to a plain sentence for an error it does not know", () => {
    expect(pagespeedFailureText("something new: details")).toBe("The measurement did not complete.");
  });
});
