import { describe, expect, it } from "vitest";
import { catalogThemeName, merchantThemeName } from "./theme-name";

// A merchant's copy of a theme prints as the theme it is ("Impulse"), its own name only beside it.

describe("catalogThemeName", () => {
  it("names the theme by its Theme Store id, else its schema name, else the merchant's name", () => {
    const copy = { name: "[PROD] Latest Snapshot - 07.30.21", schemaName: "Impulse", themeStoreId: 857 };
    expect(catalogThemeName(copy)).toBe("Impulse");
    expect(catalogThemeName({ ...copy, schemaName: null })).toBe("Impulse");
    expect(catalogThemeName({ ...copy, themeStoreId: null, schemaName: "Be Yours" })).toBe("Be Yours");
    expect(catalogThemeName({ name: "My theme", schemaName: " ", themeStoreId: 999_999 })).toBe("My theme");
    expect(catalogThemeName(null)).toBeNull();
  });

  it("keeps the merchant's name as secondary text only when it says something else", () => {
    expect(merchantThemeName({ name: "[PROD] Latest Snapshot - 07.30.21", schemaName: "Impulse", themeStoreId: null })).toBe(
      "[PROD] Latest Snapshot - 07.30.21",
    );
    expect(merchantThemeName({ name: "dawn", schemaName: "Dawn", themeStoreId: 887 })).toBeNull();
    expect(merchantThemeName({ name: "Custom", schemaName: null, themeStoreId: null })).toBeNull();
  });
});
