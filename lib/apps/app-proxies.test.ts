import { describe, expect, it } from "vitest";
import { APP_PROXY_PATHS } from "./app-proxies";
import { findAppBySlug } from "./index";

describe("APP_PROXY_PATHS", () => {
  it("names catalog apps only", () => {
    for (const [path, slug] of Object.entries(APP_PROXY_PATHS)) {
      expect(findAppBySlug(slug), `${path} → ${slug}`).toBeDefined();
      expect(path).toMatch(/^[a-z0-9_-]+$/);
    }
  });
});
