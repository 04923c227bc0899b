import Link from "next/link";
import { appCategoryLabel } from "@/lib/apps/category-labels";
import { EmptyNote, ReportSection } from "./report-section";
import { detectedAppsSchema, themeSchema, type Labelled } from "@/lib/report-view/schemas";

export function ThemeAppsSection({ theme, apps }: { theme: Labelled | undefined; apps: Labelled | undefined }) {
  const themeValue = theme ? themeSchema.safeParse(theme.value) : null;
  const appList = apps ? detectedAppsSchema.safeParse(apps.value) : null;
  const themeData = themeValue?.success ? themeValue.data : null;
  const detected = appList?.success ? appList.data : [];

  return (
    <ReportSection id="theme-apps" title="Theme and apps">
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-medium text-slate-700">Theme</h3>
          <p className="text-xs text-slate-500">Read from the storefront, where the theme names itself.</p>
          {themeData ? (
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex gap-2">
                <dt className="text-slate-500">Name</dt>
                <dd className="font-medium text-slate-800">{themeData.name ?? "—"}</dd>
              </div>
              {themeData.schemaName ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">Based on</dt>
                  <dd className="text-slate-800">
                    {themeData.schemaName}
                    {themeData.schemaVersion ? ` ${themeData.schemaVersion}` : ""}
                  </dd>
                </div>
              ) : null}
              {themeData.themeStoreId ? (
                <div className="flex gap-2">
                  <dt className="text-slate-500">Theme Store id</dt>
                  <dd className="text-slate-800">{themeData.themeStoreId}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <EmptyNote>The storefront did not reveal its theme.</EmptyNote>
          )}
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-700">Detected apps ({detected.length})</h3>
          <p className="text-xs text-slate-500">
            Worked out by matching StoreLens&apos; catalogue of app traces against the storefront&apos;s home page; an app that leaves no
            trace there is not seen.
          </p>
          {detected.length === 0 ? (
            <EmptyNote>No apps from our catalogue were found on the storefront.</EmptyNote>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {detected.map((app) => (
                <li key={app.slug}>
                  <Link
                    href={`/apps/${encodeURIComponent(app.slug)}`}
                    title={`Found by: ${app.evidence}`}
                    className="inline-flex items-center gap-1.5 rounded-full bg-slate-50 px-2.5 py-1 text-sm text-slate-800 ring-1 ring-slate-200 hover:ring-indigo-300"
                  >
                    {app.name}
                    <span className="text-xs text-slate-500">{appCategoryLabel(app.category)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </ReportSection>
  );
}
