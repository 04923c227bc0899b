import type { ReactNode } from "react";
import { Card } from "./card";

type ListPanelProps<T> = {
  title: string;
  /** The list's query, as TanStack Query gives it: its rows are `data.data`. */
  list: { isPending: boolean; isError: boolean; error: Error | null; data: { data: T[] } | undefined };
  /** The sentence shown when the list could not be loaded. */
  failure: (error: Error) => ReactNode;
  /** The sentence shown when the list has no row. */
  empty: string;
  /** The rows, once there is at least one. */
  children: (rows: T[]) => ReactNode;
};

/**
 * A list the account owns (its API keys, tracked stores, registered signatures): loading, failure,
 * empty and the rows, each in the same place and words for every list. A failed refresh keeps
 * the rows it had under the failure.
 */
export function ListPanel<T>({ title, list, failure, empty, children }: ListPanelProps<T>) {
  const rows = list.data?.data;

  return (
    <Card title={title}>
      {list.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
      {list.isError && list.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure(list.error)}
        </p>
      ) : null}
      {rows && rows.length === 0 ? <p className="mt-3 text-sm text-slate-500">{empty}</p> : null}
      {rows && rows.length > 0 ? children(rows) : null}
    </Card>
  );
}
