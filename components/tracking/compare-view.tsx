"use client";

import { useState } from "react";
import { useSnapshotComparison } from "@/components/api/use-store-detail";
import { formatCount, formatDate, formatPrice } from "@/components/ui/format";
import { ApiRequestError } from "@/components/api/client";
import { DayOne, nextSnapshotText } from "./day-one";
import { ColumnHeads, Section } from "./detail-parts";
import type { Comparison } from "./detail-types";

type Pair = { from: string; to: string };
type Item = Comparison["categories"]["products"]["added"][number];
type Snapshot = Comparison["snapshots"][number];

const SHOWN_PER_LIST = 50;

/** The answer of a store with under two snapshots (409 with its count): a day-one state, not a failure. */
const onlyOneSnapshot = (error: Error) =>
  error instanceof ApiRequestError &&
  error.status === 409 &&
  typeof (error.body as { snapshots?: unknown } | null)?.snapshots === "number" &&
  (error.body as { snapshots: number }).snapshots < 2;
const CATEGORY_LABELS: Record<keyof Comparison["categories"], string> = {
  products: "Products",
  variants: "Variants",
  prices: "Prices",
  availability: "Availability",
  collections: "Collections",
  pages: "Pages",
  apps: "Apps",
  theme: "Theme",
};
const TYPE_LABELS: Record<keyof Comparison["changes"]["counts"], [string, string]> = {
  product_added: ["product added", "products added"],
  product_removed: ["product removed", "products removed"],
  product_changed: ["product changed", "products changed"],
  collection_added: ["collection added", "collections added"],
  collection_removed: ["collection removed", "collections removed"],
  collection_changed: ["collection changed", "collections changed"],
  page_added: ["page added", "pages added"],
  page_removed: ["page removed", "pages removed"],
  page_changed: ["page changed", "pages changed"],
};

/** "3 products changed, 1 page added": the counted types of a change count, in words. */
export function changeTypesText(counts: Partial<Record<keyof typeof TYPE_LABELS, number>>, locale: string): string {
  return Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([type, n]) => `${formatCount(n, locale)} ${TYPE_LABELS[type as keyof typeof TYPE_LABELS][n === 1 ? 0 : 1]}`)
    .join(", ");
}

const dayOf = (iso: string) => iso.slice(0, 10);

/** The pair that shows one day's changes: that day's last snapshot against the one before it. */
export function pairForDay(snapshots: Snapshot[], day: string): Pair | null {
  const index = snapshots.findIndex((s) => dayOf(s.completed_at) === day);
  const before = snapshots[index + 1];

  return index >= 0 && before ? { from: before.job_id, to: snapshots[index]!.job_id } : null;
}

function describe(category: string, item: Item, currency: string | null, locale: string): string | null {
  const before = item.before as Record<string, unknown> | null;
  const after = item.after as Record<string, unknown> | null;
  if (category === "prices" && before && after)
    return `${formatPrice(before.price as string, currency, locale)} → ${formatPrice(after.price as string, currency, locale)}`;
  if (category === "availability" && before && after) return after.available ? "back in stock" : "sold out";
  if (category === "products" && item.change === "changed" && after) return `edited: ${Object.keys(after).join(", ")}`;

  return null;
}

function ItemLinks({
  item,
  domain,
  onHistory,
}: {
  item: Item;
  domain: string;
  onHistory: (productId: number, title: string | null) => void;
}) {
  if (item.product_id === null) return null;

  return (
    <span className="ml-1 inline-flex flex-wrap gap-x-2 text-xs">
      {item.handle && item.change !== "removed" ? (
        <a
          href={`https://${domain}/products/${encodeURIComponent(item.handle)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-700 underline"
        >
          on the store
        </a>
      ) : null}
      <button type="button" className="text-indigo-700 underline" onClick={() => onHistory(item.product_id!, item.title)}>
        sales and restocks
      </button>
    </span>
  );
}

function SnapshotSelect({
  label,
  value,
  snapshots,
  onChange,
  locale,
}: {
  label: string;
  value: string;
  snapshots: Snapshot[];
  onChange: (id: string) => void;
  locale: string;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-700">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className="w-full min-w-0 rounded border border-slate-300 px-2 py-1">
        {snapshots.map((s) => (
          <option key={s.job_id} value={s.job_id} disabled={!s.comparable}>
            {formatDate(s.completed_at, true)}
            {s.products !== null ? ` · ${formatCount(s.products, locale)} products` : ""}
            {s.comparable ? "" : " (removed by cleanup)"}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Compare any two snapshots of the shop (default: the latest two; `focusDay` picks that day's),
 * counting changes as the heat graph does, and opening each changed product.
 */
export function CompareView({
  slug,
  domain,
  currency,
  locale,
  focusDay,
  onHistory,
  nextSnapshotAt,
}: {
  slug: string;
  domain: string;
  currency: string | null;
  locale: string;
  focusDay: { day: string } | null;
  onHistory: (productId: number, title: string | null) => void;
  nextSnapshotAt?: string | null;
}) {
  const [pair, setPair] = useState<Pair | null>(null);
  const compare = useSnapshotComparison(slug, pair);
  const snapshots = compare.data?.snapshots ?? [];
  const [dayNote, setDayNote] = useState<string | null>(null);
  // Only a new pick of a day moves the selection (once the snapshots are known); a new answer
  // never undoes the reader's own choice.
  const [seenFocus, setSeenFocus] = useState(focusDay);
  if (focusDay !== seenFocus && snapshots.length > 0) {
    setSeenFocus(focusDay);
    const picked = focusDay ? pairForDay(snapshots, focusDay.day) : null;
    setDayNote(focusDay && !picked ? `No snapshot before ${formatDate(focusDay.day)} to compare it with.` : null);
    if (picked) setPair(picked);
  }
  const data = compare.data;
  const pick = (which: keyof Pair, id: string) => {
    if (!data) return;
    const next = { from: data.from.job_id, to: data.to.job_id, [which]: id };
    const at = (id: string) => snapshots.find((s) => s.job_id === id)?.completed_at ?? "";
    // The older snapshot is always "from": changes read forwards in time.
    setPair(at(next.from) <= at(next.to) ? next : { from: next.to, to: next.from });
  };

  return (
    <Section title="Compare snapshots" testId="compare-section" id="compare">
      {compare.isError && onlyOneSnapshot(compare.error) ? (
        <DayOne testId="compare-day-one">
          Compare needs two snapshots: this store has one so far
          {nextSnapshotAt === undefined ? "" : ` — ${nextSnapshotText(nextSnapshotAt)}`}.
        </DayOne>
      ) : compare.isError ? (
        <p className="text-sm text-slate-600">{compare.error.message}</p>
      ) : null}
      {dayNote ? <p className="text-sm text-slate-600">{dayNote}</p> : null}
      {data ? (
        <div className="space-y-4 text-sm" aria-busy={compare.isFetching}>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <SnapshotSelect
              label="From (older)"
              value={data.from.job_id}
              snapshots={snapshots}
              onChange={(id) => pick("from", id)}
              locale={locale}
            />
            <SnapshotSelect
              label="To (newer)"
              value={data.to.job_id}
              snapshots={snapshots}
              onChange={(id) => pick("to", id)}
              locale={locale}
            />
          </div>
          <div data-testid="compare-changes">
            <p className="text-base font-semibold">
              {formatCount(data.changes.total, locale)} change{data.changes.total === 1 ? "" : "s"}
              {data.changes.total > 0 ? (
                <span className="font-normal text-slate-700">: {changeTypesText(data.changes.counts, locale)}</span>
              ) : null}
            </p>
            <p className="text-xs text-slate-500">
              A change is a product, collection or page added, removed or changed; a product counts once however many of its variants,
              prices or stock flags moved, as on the heat graph. Sales and restocks are not changes; apps and theme are listed below but not
              counted.
            </p>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="pb-1 text-left text-xs text-slate-500">
                What moved, by kind: a product&apos;s own fields under Products, its variants, prices and stock flags under their own rows.
              </caption>
              <ColumnHeads labels={["What moved", "Added", "Removed", "Changed"]} />
              <tbody className="divide-y divide-slate-100">
                {Object.entries(data.categories).map(([name, c]) => (
                  <tr key={name}>
                    <th scope="row" className="py-1 pr-2 font-medium">
                      {CATEGORY_LABELS[name as keyof typeof CATEGORY_LABELS]}
                      {c.truncated ? (
                        <span className="ml-1 text-xs text-amber-700">
                          (first {formatCount(data.max_items_per_category, locale)} listed)
                        </span>
                      ) : null}
                    </th>
                    <td className="py-1">{formatCount(c.totals.added, locale)}</td>
                    <td className="py-1">{formatCount(c.totals.removed, locale)}</td>
                    <td className="py-1">{formatCount(c.totals.changed, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!data.removals_reported ? (
            <p className="text-xs text-slate-500">The newer listing was incomplete, so removals are not reported.</p>
          ) : null}
          <div className="space-y-2" data-testid="compare-items">
            {Object.entries(data.categories).flatMap(([name, c]) =>
              (["added", "removed", "changed"] as const)
                .filter((kind) => c[kind].length > 0)
                .map((kind) => (
                  <details key={`${name}-${kind}`} className="rounded-lg ring-1 ring-slate-200">
                    <summary className="cursor-pointer px-3 py-2 font-medium">
                      {CATEGORY_LABELS[name as keyof typeof CATEGORY_LABELS]} {kind} ({formatCount(c.totals[kind], locale)})
                    </summary>
                    <ul className="space-y-1 px-3 pb-2">
                      {c[kind].slice(0, SHOWN_PER_LIST).map((item) => {
                        const detail = describe(name, item, currency, locale);

                        return (
                          <li key={`${item.id}`} className="break-words">
                            {item.title ?? item.id}
                            {detail ? <span className="text-slate-600"> · {detail}</span> : null}
                            <ItemLinks item={item} domain={domain} onHistory={onHistory} />
                          </li>
                        );
                      })}
                      {c[kind].length > SHOWN_PER_LIST ? (
                        <li className="text-xs text-slate-500">and {formatCount(c.totals[kind] - SHOWN_PER_LIST, locale)} more</li>
                      ) : null}
                    </ul>
                  </details>
                )),
            )}
          </div>
        </div>
      ) : null}
    </Section>
  );
}
