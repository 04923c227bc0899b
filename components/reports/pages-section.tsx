import { formatDate, plural } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "./report-section";
import type { ReportPage } from "@/lib/report-view/schemas";
import { StoreLink } from "./store-link";

export function PagesSection({ pages, domain }: { pages: ReportPage[]; domain: string }) {
  return (
    <ReportSection id="pages" title="Pages" aside={plural(pages.length, "page")}>
      {pages.length === 0 ? (
        <EmptyNote>The store publishes no pages.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100">
          {pages.map((page) => (
            <li key={page.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <StoreLink
                  domain={domain}
                  kind="pages"
                  handle={page.handle}
                  className="font-medium text-slate-800 hover:text-indigo-700 hover:underline"
                >
                  {page.title}
                </StoreLink>
                <span className="text-xs text-slate-500">Updated {formatDate(page.updatedAt)}</span>
              </div>
              {page.body ? <p className="mt-0.5 line-clamp-2 text-slate-600">{page.body}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
