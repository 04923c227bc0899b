"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listTrackedStoresEndpoint, trackStoreEndpoint, untrackStoreEndpoint } from "@/lib/tracking/endpoints";
import { callEndpoint } from "./client";

const TRACKED_STORES = ["tracked-stores"] as const;
const RUNNING = ["queued", "running"];

/** The caller's tracked stores (the first 50), with the plan's limit. */
export const useTrackedStores = () =>
  useQuery({
    queryKey: TRACKED_STORES,
    queryFn: () => callEndpoint(listTrackedStoresEndpoint, { query: { per_page: 50 } }),
    // A first analysis is running after tracking: refresh until every shop has a finished job.
    refetchInterval: (query) =>
      query.state.data?.data.some((shop) => shop.latest_job && RUNNING.includes(shop.latest_job.status)) ? 2000 : false,
  });

/** Tracks a store by its domain; the list reloads, then `onTracked` runs. */
export function useTrackStore(onTracked: () => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (domain: string) => callEndpoint(trackStoreEndpoint, { body: { domain } }),
    onSuccess: () => {
      onTracked();
      void queryClient.invalidateQueries({ queryKey: TRACKED_STORES });
    },
  });
}

/** Stops tracking one store; the list reloads. */
export function useUntrackStore(slug: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(untrackStoreEndpoint, { params: { slug } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TRACKED_STORES }),
  });
}
