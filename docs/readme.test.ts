import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { healthSchema } from "@/lib/health/schemas";

// The README's example of GET /api/health is an answer the endpoint could give, with every field
// the answer always carries, so a field added to the health answer cannot be left out of it.
const readme = readFileSync("README.md", "utf8");

describe("the README's health example", () => {
  it("is a whole answer of GET /api/health", () => {
    const block = /`GET \/api\/health` tells what is running:\s*```json\n([\s\S]*?)\n```/.exec(readme);
    expect(block, "the README shows GET /api/health's answer in a json block").not.toBeNull();
    const example = JSON.parse(block![1]!) as Record<string, unknown>;
    expect(healthSchema.strict().parse(example)).toEqual(example);
    const always = Object.entries(healthSchema.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(Object.keys(example).sort()).toEqual(expect.arrayContaining(always.sort()));
  });
});
