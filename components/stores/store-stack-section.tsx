import Link from "next/link";
import { EmptyNote, ReportSection } from "@/components/reports/report-section";
import { appCategoryLabel } from "@/lib/apps/category-labels";
import type { StorePageData } from "@/lib/store-directory/get-store-page";
import { themeSlugOf } from "@/lib/store-directory/theme-slug";

/** Theme and installed apps; each app links to its page in the app directory. */
export function StoreStackSection({ data }: { data: StorePageData }) {
  const themeSlug = themeSlugOf(data.theme);

  return (
    <ReportSection id="stack" title="Theme and apps">
      <p className="text-sm text-slate-700">
        Theme:{" "}
        {data.theme && themeSlug ? (
          <Link href={`/themes/${themeSlug}`} className="font-semibold text-indigo-700 underline">
            {data.theme}
          </Link>
        ) : (
          <strong>not identified</strong>
        )}
        {data.theme_merchant_name ? (
          <span className="block break-words text-xs text-slate-500">The store calls its copy “{data.theme_merchant_name}”.</span>
        ) : null}
      </p>
      {data.apps.length === 0 ? (
        <EmptyNote>No apps from our catalog were detected on the storefront.</EmptyNote>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {data.apps.map((app) => (
            <li key={app.slug}>
              <Link
                href={`/apps/${app.slug}`}
                className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-100"
              >
                {app.name} <span className="text-indigo-700">· {appCategoryLabel(app.category)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
