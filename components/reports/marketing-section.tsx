import type { StoredFindings } from "@/lib/findings";
import { FindingEvidence } from "./finding-evidence";
import { formatCount } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "./report-section";

/** The marketing and analytics tags of the home page, each with how we know on demand, and the custom pixels. */
export function MarketingSection({ marketing }: { marketing: StoredFindings["marketing"] }) {
  if (!marketing)
    return (
      <ReportSection id="marketing" title="Marketing and analytics">
        <EmptyNote>
          Not read for this report: it was made before StoreLens read marketing tags, or the home page could not be read.
        </EmptyNote>
      </ReportSection>
    );
  const { tags, custom_pixels: custom } = marketing.value;

  return (
    <ReportSection
      id="marketing"
      title="Marketing and analytics"
      aside={`${formatCount(tags.length)} ${tags.length === 1 ? "tag" : "tags"}`}
    >
      <p className="text-xs text-slate-500">
        Read from the store&apos;s home page: the tags it loads, Shopify&apos;s list of web pixels and the page&apos;s own tracking code. A
        tag a page loads only after consent or on checkout is not seen.
      </p>
      {tags.length === 0 ? (
        <div className="mt-3">
          <EmptyNote>No marketing or analytics tags were found on the home page.</EmptyNote>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {tags.map((tag) => (
            <li key={`${tag.kind}-${tag.id ?? ""}`} className="py-2">
              <details className="group">
                <summary className="flex cursor-pointer list-none flex-wrap items-baseline gap-x-2 gap-y-1 rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden">
                  <span className="font-medium text-slate-800">{tag.name}</span>
                  <span className="min-w-0 break-all font-mono text-sm text-slate-700">{tag.id ?? "id not shown"}</span>
                  <span className="text-xs text-indigo-700 underline-offset-2 group-hover:underline">
                    <span className="group-open:hidden">How we know</span>
                    <span className="hidden group-open:inline">Hide</span>
                    <span className="sr-only"> for {tag.name}</span>
                  </span>
                </summary>
                <FindingEvidence evidence={tag.evidence} source={tag.source} confidence={tag.confidence} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-slate-100 pt-3">
        <h3 className="text-sm font-medium text-slate-700">Custom pixels ({formatCount(custom.count)})</h3>
        <p className="text-xs text-slate-500">
          Code the merchant added in Shopify&apos;s customer events; the page shows only the name they gave it.
        </p>
        {custom.names.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {custom.names.map((name, index) => (
              <li key={`${index}-${name}`} className="rounded-full bg-slate-50 px-2.5 py-1 text-sm text-slate-800 ring-1 ring-slate-200">
                {name}
              </li>
            ))}
          </ul>
        ) : null}
        {custom.count > custom.names.length ? (
          <p className="mt-1 text-xs text-slate-500">{formatCount(custom.count - custom.names.length)} without a name.</p>
        ) : null}
      </div>
    </ReportSection>
  );
}
