import { screenshotPath } from "@/components/reports/store-screenshots-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** The store's home page at desktop width, as its latest report's render saw it; nothing when it was not rendered. */
export function StoreScreenshot({ data }: { data: StorePageData }) {
  if (!data.screenshots.desktop) return null;

  return (
    <figure className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      {/* eslint-disable-next-line @next/next/no-img-element -- a stored JPEG of fixed size, served with its own long caching */}
      <img
        src={screenshotPath(data.latest_job_id, "desktop")}
        alt={`The home page of ${data.store.domain}, as our browser rendered it for the latest report`}
        width={1280}
        height={800}
        loading="lazy"
        decoding="async"
        className="h-auto w-full"
      />
    </figure>
  );
}
