import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "./catalog";
import { appCategoryLabel } from "./category-labels";

// Pages show an app's category in words ("Email & SMS"), never its slug ("email-sms").

describe("appCategoryLabel", () => {
  it("gives every category of the catalog a label in words", () => {
    for (const app of APP_CATALOG) {
      const label = appCategoryLabel(app.category);
      expect(label).not.toBe(app.category);
      expect(label).toMatch(/^[A-Z]/);
    }
    expect(appCategoryLabel("email-sms")).toBe("Email & SMS");
  });

  it("turns a slug outside the catalog into words", () => {
    expect(appCategoryLabel("gift-cards")).toBe("Gift cards");
    expect(appCategoryLabel("")).toBe("Other");
  });
});
