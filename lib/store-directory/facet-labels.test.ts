import { describe, expect, it } from "vitest";
import { countryLabel, currencyLabel, languageLabel, languageName, namesALanguage } from "./facet-labels";

// The directory shows names, not codes: a reader of the country filter sees "Portugal", not "PT".

describe("facet labels", () => {
  it("names countries, currencies and languages by their English names", () => {
    expect(countryLabel("PT")).toBe("Portugal");
    expect(countryLabel("pt")).toBe("Portugal");
    expect(currencyLabel("EUR")).toBe("Euro (EUR)");
    expect(currencyLabel("chf")).toBe("Swiss Franc (CHF)");
    expect(languageLabel("pt")).toBe("Portuguese");
    expect(languageLabel("fr-CA")).toBe("Canadian French");
  });

  it("never offers x-default as a language, and shows a code it cannot name as the code", () => {
    expect(languageName("x-default")).toBeNull();
    expect(languageName("X-Default")).toBeNull();
    expect(languageName("i-klingon")).toBeNull();
    expect(namesALanguage("x-default")).toBe(false);
    expect(namesALanguage("pt")).toBe(true);
    expect(countryLabel("AA")).toBe("AA");
    expect(currencyLabel("XYZ1")).toBe("XYZ1");
    expect(languageLabel("not a code")).toBe("not a code");
  });
});
