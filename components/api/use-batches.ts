"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createBatchEndpoint, getBatchEndpoint, listBatchesEndpoint } from "@/lib/batches/endpoints";
import { callEndpoint, type EndpointAnswer } from "./client";

const BATCHES = ["batches"] as const;
/** A running batch changes on its own: its progress refreshes while the page is open. */
const PROGRESS_REFRESH_MS = 3_000;

/** The account's batches, newest first, each with its counts. */
export const useBatches = () =>
  useQuery({
    queryKey: BATCHES,
    queryFn: () => callEndpoint(listBatchesEndpoint, { query: { page: 1, per_page: 20 } }),
    refetchInterval: (query) => (query.state.data?.data.some((batch) => batch.status === "running") ? PROGRESS_REFRESH_MS : false),
  });

/** One batch with a page of its stores' jobs, refreshed while it runs. */
export const useBatch = (id: string, page: number) =>
  useQuery({
    queryKey: [...BATCHES, id, page],
    queryFn: () => callEndpoint(getBatchEndpoint, { params: { id }, query: { page, per_page: 50 } }),
    refetchInterval: (query) => (query.state.data?.batch.status === "running" ? PROGRESS_REFRESH_MS : false),
  });

/** Starts a batch from pasted text (one store a line) or a saved list; the batches reload. */
export function useCreateBatch(onCreated?: (answer: EndpointAnswer<typeof createBatchEndpoint>) => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (source: { csv: string } | { list_id: string }) => callEndpoint(createBatchEndpoint, { body: source }),
    onSuccess: (answer) => {
      onCreated?.(answer);
      void queryClient.invalidateQueries({ queryKey: BATCHES });
    },
  });
}
