import type { Labelled } from "@/lib/report-view/schemas";
import { renderSectionSchema } from "@/lib/reports/schemas";
import { ReportSection } from "./report-section";

/** Where a report's screenshot is served, on this site (the metadata's URLs carry the address of completion). */
export function screenshotPath(jobId: string, size: "desktop" | "phone"): string {
  return `/api/reports/${jobId}/screenshots/${size}`;
}

/**
 * "The store": the home page as our browser rendered it, at desktop and phone size; or, when it
 * was not rendered, why. Nothing for reports built before the render step.
 */
export function StoreScreenshotsSection({ jobId, domain, render }: { jobId: string; domain: string; render: Labelled | undefined }) {
  const parsed = renderSectionSchema.safeParse(render?.value);
  if (!parsed.success) return null;
  const { screenshots, code, after_render: afterRender } = parsed.data;
  const found = afterRender.filter((finding) => finding.kind === "app").map((finding) => finding.name);

  return (
    <ReportSection id="store" title="The store" aside="Its home page in our own browser, when the report was made">
      {screenshots.desktop || screenshots.phone ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {screenshots.desktop ? (
            <figure className="min-w-0 sm:flex-[3]">
              {/* eslint-disable-next-line @next/next/no-img-element -- a stored JPEG of fixed size, served with its own long caching */}
              <img
                src={screenshotPath(jobId, "desktop")}
                alt={`The home page of ${domain} at desktop width (1280 × 800)`}
                width={1280}
                height={800}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-lg ring-1 ring-slate-200"
              />
              <figcaption className="mt-1 text-xs text-slate-500">Desktop, 1280 × 800</figcaption>
            </figure>
          ) : null}
          {screenshots.phone ? (
            <figure className="mx-auto w-40 shrink-0 sm:mx-0 sm:w-auto sm:flex-1">
              {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
              <img
                src={screenshotPath(jobId, "phone")}
                alt={`The home page of ${domain} at phone width (390 × 844)`}
                width={390}
                height={844}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-lg ring-1 ring-slate-200"
              />
              <figcaption className="mt-1 text-xs text-slate-500">Phone, 390 × 844</figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Not rendered: {code ?? "unknown"}.</p>
      )}
      {found.length > 0 ? <p className="mt-3 text-sm text-slate-600">Seen only once its scripts ran: {found.join(", ")}.</p> : null}
    </ReportSection>
  );
}
