import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./instrumentation-client";

describe("instrumentation-client", () => {
  // The browser's CSP allows no eval: zod must parse without compiling, and the file sets that
  // without importing zod (which would ship zod on every page).
  it("turns zod's compiled parsers off through its shared global settings", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
