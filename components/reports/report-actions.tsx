import Link from "next/link";
import type { ReportView } from "@/lib/report-view/load-report-view";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "./action-styles";
import { AnalyzeAgainButton } from "./analyze-again-button";
import { ShareReportButton } from "./share-report-button";
import { TrackStoreButton } from "./track-store-button";

/** Who is looking at the report: what decides which actions they are offered. */
export type ReportViewer = { signedIn: boolean; tracksStore: boolean };

/**
 * What a viewer can do with the report. Sharing, exporting and the public store page are for
 * everyone (a report is public by its address); tracking and analyzing again need an account,
 * so a signed-out viewer is offered the sign-in that leads back here instead.
 */
export function ReportActions({
  view,
  viewer,
  shareUrl,
  title,
}: {
  view: ReportView;
  viewer: ReportViewer;
  shareUrl: string;
  title: string;
}) {
  const { job, store } = view;
  const slug = encodeURIComponent(store.slug);
  const isLatest = view.current?.isLatest ?? false;

  return (
    <div className="space-y-2">
      <div role="group" aria-label="Report actions" className="flex flex-wrap items-start gap-2">
        {!viewer.signedIn ? (
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(`/reports/${job.id}`)}`} className={PRIMARY_ACTION}>
            Sign in to track or analyze again
          </Link>
        ) : viewer.tracksStore ? (
          <Link href={`/dashboard/tracked-stores/${slug}`} className={PRIMARY_ACTION}>
            <span aria-hidden="true">✓</span> Tracked: open shop
          </Link>
        ) : (
          <TrackStoreButton domain={job.domain} />
        )}
        {viewer.signedIn ? <AnalyzeAgainButton domain={job.domain} /> : null}
        {isLatest ? (
          <>
            <a href={`/api/free-export?slug=${slug}&format=csv`} download className={SECONDARY_ACTION}>
              Products (Shopify CSV)
            </a>
            <a href={`/api/free-export?slug=${slug}&format=json`} download className={SECONDARY_ACTION}>
              Products (JSON)
            </a>
          </>
        ) : (
          <a href={`/api/reports/${job.id}`} className={SECONDARY_ACTION}>
            Report (JSON)
          </a>
        )}
        <a href={`/api/reports/${job.id}/export/technologies?format=csv`} download className={SECONDARY_ACTION}>
          Technologies (CSV)
        </a>
        {view.current ? (
          <Link href={`/stores/${slug}`} className={SECONDARY_ACTION}>
            Store page
          </Link>
        ) : null}
        <ShareReportButton url={shareUrl} title={title} />
      </div>
      {!isLatest && view.current ? (
        <p className="text-xs text-slate-500">
          This is an earlier report of the store. Its JSON and its technologies export hold this report; the products export (Shopify CSV)
          is of the{" "}
          <Link href={`/stores/${slug}`} className="text-indigo-700 underline">
            latest analysis
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
