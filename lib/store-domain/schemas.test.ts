// A store's slug is accepted wherever a caller names one (a path, a query) if a store could hold
// it: the longest host a domain can have, with the longest suffix a claim gives, included.
import { describe, expect, it } from "vitest";
import { slugCandidates } from "@/lib/store-directory/claim-store";
import { storeSlugSchema } from "./schemas";

describe("storeSlugSchema", () => {
  it("accepts every slug a store of the longest possible domain can be given", () => {
    const label = "a".repeat(63);
    const longest = [label, label, label, "a".repeat(61)].join("."); // 253 characters
    for (const slug of slugCandidates(longest)) expect(storeSlugSchema.parse(slug)).toBe(slug);
  });

  it("keeps a valid slug as it is, trimming only the space around it", () => {
    expect(storeSlugSchema.parse("allbirds-com")).toBe("allbirds-com");
    expect(storeSlugSchema.parse(" allbirds-com ")).toBe("allbirds-com");
  });

  it("refuses what no store's slug can be", () => {
    for (const bad of ["", "Allbirds-com", "allbirds.com", "a/b", "x".repeat(301)]) {
      expect(storeSlugSchema.safeParse(bad).success).toBe(false);
    }
  });
});
