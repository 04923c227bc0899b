import type { StoredFindings } from "@/lib/findings";
import { ReportSection } from "./report-section";

/** Where a report's screenshot is served, on this site (the metadata's URLs carry the address of completion). */
export function screenshotPath(jobId: string, size: "desktop" | "phone"): string {
  return `/api/reports/${jobId}/screenshots/${size}`;
}

const SIZES = {
  desktop: { width: 1280, height: 800, label: "Desktop" },
  phone: { width: 390, height: 844, label: "Phone" },
} as const;

function Screenshot({ jobId, domain, size, className }: { jobId: string; domain: string; size: keyof typeof SIZES; className: string }) {
  const { width, height, label } = SIZES[size];

  return (
    <figure className={className}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a stored JPEG of fixed size, served with its own long caching */}
      <img
        src={screenshotPath(jobId, size)}
        alt={`The home page of ${domain} at ${size} width (${width} × ${height})`}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-lg ring-1 ring-slate-200"
      />
      <figcaption className="mt-1 text-xs text-slate-500">
        {label}, {width} × {height}
      </figcaption>
    </figure>
  );
}

/**
 * "The store": the home page as our browser rendered it, at desktop and phone size; or, when it
 * was not rendered, why. Nothing for reports built before the render step.
 */
export function StoreScreenshotsSection({ jobId, domain, render }: { jobId: string; domain: string; render: StoredFindings["render"] }) {
  if (!render) return null;
  const { screenshots, code, after_render: afterRender } = render.value;
  const found = afterRender
    .filter((finding) => finding.kind !== "theme")
    .map((finding) => (finding.kind === "tag" && finding.id ? `${finding.name} (${finding.id})` : finding.name));

  return (
    <ReportSection id="store" title="The store" aside="Its home page in our own browser, when the report was made">
      {screenshots.desktop || screenshots.phone ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {screenshots.desktop ? <Screenshot jobId={jobId} domain={domain} size="desktop" className="min-w-0 sm:flex-[3]" /> : null}
          {screenshots.phone ? (
            <Screenshot jobId={jobId} domain={domain} size="phone" className="mx-auto w-40 shrink-0 sm:mx-0 sm:w-auto sm:flex-1" />
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Not rendered: {code ?? "unknown"}.</p>
      )}
      {found.length > 0 ? <p className="mt-3 text-sm text-slate-600">Seen only once its scripts ran: {found.join(", ")}.</p> : null}
    </ReportSection>
  );
}
