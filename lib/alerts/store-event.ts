import type { AlertKind } from "./schemas";

/**
 * Something that happened to a store, as the domain that saw it tells it (the timeline at a
 * job's completion, the catalog's changes, the monitor's failures). raiseAlerts turns it into
 * an alert for everyone who tracks the store and asked to hear about its kind.
 */
export type StoreEvent = {
  kind: AlertKind;
  /** What changed: an app (`{ type: "app", id: "klaviyo", title: "Klaviyo" }`), a variant, the theme, the store itself. */
  subject: { type: string; id: string; title: string | null };
  before: unknown;
  after: unknown;
  occurredAt: Date;
  /** Why we say so: the analyses compared (`jobId`, `previousJobId`), an error code. Shown as is. */
  evidence: { jobId?: string; previousJobId?: string } & Record<string, unknown>;
};

/**
 * The same event raised twice (a replayed step, two callers) is one alert: the kind, the
 * subject and the analysis that saw it (or the moment, when no analysis did).
 */
export const dedupKeyOf = (event: StoreEvent) =>
  `${event.kind}|${event.subject.type}:${event.subject.id}|${event.evidence.jobId ?? event.occurredAt.toISOString()}`;

/** A price change in percent of the old price; null when either side is not a positive number. */
export function priceChangePercent(before: unknown, after: unknown): number | null {
  const price = (side: unknown) => Number((side as { price?: unknown } | null)?.price ?? Number.NaN);
  const [from, to] = [price(before), price(after)];
  if (!(from > 0) || !Number.isFinite(to)) return null;

  return ((to - from) / from) * 100;
}
