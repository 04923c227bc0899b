import Link from "next/link";
import { formatCount } from "@/components/ui/format";
import { appCategoryLabel } from "@/lib/apps/category-labels";
import { catalogThemeName, merchantThemeName } from "@/lib/store-directory/theme-name";
import { EmptyNote, ReportSection } from "./report-section";
import { FindingDetails } from "./finding-details";
import type { FindingValue, StoredFindings } from "@/lib/findings";

type DetectedApps = FindingValue<"apps">;
type UnidentifiedApps = FindingValue<"unidentified_apps">;

export function ThemeAppsSection({
  theme,
  apps,
  unidentified,
}: {
  theme: StoredFindings["theme"];
  apps: StoredFindings["apps"];
  unidentified?: StoredFindings["unidentified_apps"];
}) {
  const themeData = theme?.value ?? null;
  const detected = apps?.value ?? [];
  const thirdParty = detected.filter((app) => !app.first_party);
  const shopifyOwn = detected.filter((app) => app.first_party);
  const unknown = unidentified?.value ?? [];

  return (
    <ReportSection id="theme-apps" title="Theme and apps">
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-medium text-slate-700">Theme</h3>
          <p className="text-xs text-slate-500">Read from the storefront, where the theme names itself.</p>
          {themeData ? (
            <>
              {/* The catalog's name first; the merchant's name for its copy ("[PROD] Snapshot 07.30.21") after it. */}
              <p className="mt-2 text-base font-semibold break-words text-slate-900">
                {catalogThemeName(themeData) ?? "—"}
                {themeData.schemaVersion ? <span className="font-normal text-slate-600"> {themeData.schemaVersion}</span> : null}
              </p>
              <dl className="mt-1 space-y-1 text-sm">
                {merchantThemeName(themeData) ? (
                  <div className="flex gap-2">
                    <dt className="text-slate-500">The store&apos;s name for its copy</dt>
                    <dd className="break-words text-slate-700">{merchantThemeName(themeData)}</dd>
                  </div>
                ) : null}
                {themeData.themeStoreId ? (
                  <div className="flex gap-2">
                    <dt className="text-slate-500">Theme Store id</dt>
                    <dd className="text-slate-700">{themeData.themeStoreId}</dd>
                  </div>
                ) : null}
              </dl>
              {themeData.evidence ? (
                <FindingDetails
                  label="the theme"
                  evidence={themeData.evidence}
                  source={themeData.source}
                  confidence={themeData.confidence}
                />
              ) : null}
            </>
          ) : (
            <EmptyNote>The storefront did not reveal its theme.</EmptyNote>
          )}
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-700">Detected apps ({formatCount(thirdParty.length)})</h3>
          <p className="text-xs text-slate-500">
            Worked out by matching StoreLens&apos; catalog of app traces, and the names Shopify gives apps, against the storefront&apos;s
            home page; an app that leaves no trace there is not seen. A class name or theme file alone is not counted: it stays after an app
            is removed.
          </p>
          {thirdParty.length === 0 ? (
            <EmptyNote>No apps from our catalog were found on the storefront.</EmptyNote>
          ) : (
            <AppList apps={thirdParty} />
          )}
          {shopifyOwn.length > 0 ? (
            <>
              <h4 className="mt-4 text-sm font-medium text-slate-700">Shopify&apos;s own apps ({formatCount(shopifyOwn.length)})</h4>
              <AppList apps={shopifyOwn} />
            </>
          ) : null}
          {unknown.length > 0 ? <UnidentifiedList apps={unknown} /> : null}
        </div>
      </div>
    </ReportSection>
  );
}

function AppList({ apps }: { apps: DetectedApps }) {
  return (
    <ul className="mt-2 space-y-2">
      {apps.map((app) => (
        <li key={app.slug} className="rounded-lg px-3 py-2 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link href={`/apps/${encodeURIComponent(app.slug)}`} className="text-sm font-medium text-slate-800 hover:text-indigo-700">
              {app.name}
            </Link>
            <span className="text-xs text-slate-500">{appCategoryLabel(app.category)}</span>
          </div>
          {app.app_store ? <AppStoreLine listing={app.app_store} /> : null}
          <FindingDetails label={app.name} evidence={app.evidence} source={app.source} confidence={app.confidence} />
        </li>
      ))}
    </ul>
  );
}

/** An app named by its App Store listing (the catalog did not know its handle): who makes it, how it is rated. */
function AppStoreLine({ listing }: { listing: NonNullable<DetectedApps[number]["app_store"]> }) {
  const parts = [
    listing.developer ? `by ${listing.developer}` : null,
    listing.rating !== null
      ? `rated ${listing.rating.toFixed(1)} of 5${listing.review_count !== null ? ` (${formatCount(listing.review_count)} reviews)` : ""}`
      : null,
  ].filter(Boolean);

  return (
    <p className="text-xs text-slate-500">
      Named by its{" "}
      <a href={`https://apps.shopify.com/${encodeURIComponent(listing.handle)}`} className="underline" rel="noopener noreferrer nofollow">
        Shopify App Store listing
      </a>
      {parts.length > 0 ? `, ${parts.join(", ")}` : ""}.
    </p>
  );
}

function UnidentifiedList({ apps }: { apps: UnidentifiedApps }) {
  return (
    <>
      <h4 className="mt-4 text-sm font-medium text-slate-700">Apps not in our catalog ({formatCount(apps.length)})</h4>
      <p className="text-xs text-slate-500">
        Shopify names these apps on the page by their handle, their web pixel&apos;s client id, the path it forwards to them or the host of
        a script they registered, but we do not know which app that is yet. A handle is looked up on the Shopify App Store, and a later
        analysis names the app.
      </p>
      <ul className="mt-2 space-y-2">
        {apps.map((app) => {
          const name =
            app.handle ??
            (app.proxy_path
              ? `App proxy /apps/${app.proxy_path}`
              : app.script_host
                ? `Script from ${app.script_host}`
                : `Web pixel client id ${app.api_client_id}`);

          return (
            <li
              key={`${app.handle}-${app.api_client_id}-${app.proxy_path}-${app.script_host}`}
              className="rounded-lg px-3 py-2 ring-1 ring-slate-200"
            >
              <span className="font-mono text-sm break-all text-slate-800">{name}</span>
              <FindingDetails label={name} evidence={app.evidence} source={app.source} confidence={app.confidence} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
