"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  getStoreAlertSettingsEndpoint,
  listAlertsEndpoint,
  markAlertsReadEndpoint,
  updateStoreAlertSettingsEndpoint,
} from "@/lib/alerts/endpoints";
import type { UpdateAlertSubscription } from "@/lib/alerts/schemas";
import { callEndpoint } from "./client";

const FEED = ["alerts"] as const;
/** New alerts come from the daily checks: a minute is soon enough for the unread count. */
const UNREAD_REFRESH_MS = 60_000;

/** The alert feed's first page, with the unread count. */
export const useAlertFeed = () =>
  useQuery({ queryKey: FEED, queryFn: () => callEndpoint(listAlertsEndpoint, { query: { per_page: 50 } }) });

/** Just the unread count (the dashboard's tab). */
export const useUnreadAlerts = () =>
  useQuery({
    queryKey: [...FEED, "unread"],
    queryFn: async () => (await callEndpoint(listAlertsEndpoint, { query: { per_page: 1, unread: "true" } })).unread,
    refetchInterval: UNREAD_REFRESH_MS,
  });

/** Marks every alert read; the feed and the count reload. */
export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(markAlertsReadEndpoint, { body: { all: true } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FEED }),
  });
}

const settingsKey = (slug: string) => ["alerts", "settings", slug] as const;

/** A tracked store's alert settings. */
export const useStoreAlertSettings = (slug: string) =>
  useQuery({ queryKey: settingsKey(slug), queryFn: () => callEndpoint(getStoreAlertSettingsEndpoint, { params: { slug } }), retry: false });

/** Changes them (any subset); the answer replaces the settings shown. */
export function useUpdateStoreAlertSettings(slug: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (update: UpdateAlertSubscription) => callEndpoint(updateStoreAlertSettingsEndpoint, { params: { slug }, body: update }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(slug), settings),
  });
}
