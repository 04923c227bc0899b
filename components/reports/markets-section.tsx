import type { ReactNode } from "react";
import type { StoredFindings } from "@/lib/findings";
import type { Labelled } from "@/lib/report-view/schemas";
import { formatCount, formatCountry, formatCurrency, formatLanguage } from "@/components/ui/format";
import { ReportSection } from "./report-section";

/** How many ships-to countries are named before "and N more". */
const COUNTRIES_SHOWN = 30;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** Languages the store offers and the market our visit was served, beside the countries it ships to. */
export function MarketsSection({ markets, shipsTo }: { markets: StoredFindings["markets"]; shipsTo: Labelled | undefined }) {
  if (!markets) return null;
  const { languages, language_count: count, locale, visitor_country: country, presentment_currency: currency } = markets.value;
  const countries = Array.isArray(shipsTo?.value) ? shipsTo.value.filter((code): code is string => typeof code === "string") : [];
  const named = (code: string) => {
    const name = formatLanguage(code);
    return name ? `${name} (${code})` : code;
  };

  return (
    <ReportSection id="markets" title="Markets and languages" aside="Read from the store's home page">
      <dl>
        <Fact label="Languages">
          {languages.length === 0 ? (
            "One: the page lists no alternate language or region"
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {languages.map((language) => (
                <li key={language.code} className="rounded-full bg-slate-50 px-2.5 py-0.5 ring-1 ring-slate-200">
                  {language.code.toLowerCase() === "x-default" ? "Default (x-default)" : named(language.code)}
                </li>
              ))}
              {count > languages.length ? (
                <li className="px-1 py-0.5 text-slate-500">and {formatCount(count - languages.length)} more</li>
              ) : null}
            </ul>
          )}
        </Fact>
        <Fact label="Page language">{locale ? named(locale) : "—"}</Fact>
        <Fact label="Market of our visit">
          {country ? formatCountry(country) : "—"}
          <span className="block text-xs text-slate-500">The market Shopify served our visit, not necessarily the store&apos;s home.</span>
        </Fact>
        <Fact label="Prices shown in">{formatCurrency(currency)}</Fact>
        <Fact label="Ships to">
          {countries.length === 0
            ? "—"
            : `${countries.slice(0, COUNTRIES_SHOWN).map(formatCountry).join(", ")}${countries.length > COUNTRIES_SHOWN ? ` and ${formatCount(countries.length - COUNTRIES_SHOWN)} more` : ""}`}
        </Fact>
      </dl>
    </ReportSection>
  );
}
