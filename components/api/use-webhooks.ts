"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  getWebhookSettingsEndpoint,
  listWebhookDeliveriesEndpoint,
  rotateWebhookSecretEndpoint,
  sendTestWebhookEndpoint,
  updateWebhookSettingsEndpoint,
} from "@/lib/webhooks/endpoints";
import { callEndpoint, type EndpointAnswer } from "./client";

const SETTINGS = ["webhooks"] as const;
const DELIVERIES = ["webhooks", "deliveries"] as const;
/** A delivery being retried changes on its own: the log refreshes while the page is open. */
const LOG_REFRESH_MS = 10_000;

/** The account's webhook URL and which signing secret is in use. */
export const useWebhookSettings = () => useQuery({ queryKey: SETTINGS, queryFn: () => callEndpoint(getWebhookSettingsEndpoint) });

/** The latest deliveries, each with its attempts. */
export const useWebhookDeliveries = () =>
  useQuery({ queryKey: DELIVERIES, queryFn: () => callEndpoint(listWebhookDeliveriesEndpoint), refetchInterval: LOG_REFRESH_MS });

/** Sets or clears the URL; the settings reload. */
export function useSetWebhookUrl() {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (url: string | null) => callEndpoint(updateWebhookSettingsEndpoint, { body: { url } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SETTINGS }),
  });
}

/** Creates or rotates the secret; `onRotated` gets it (shown only now). */
export function useRotateWebhookSecret(onRotated: (rotated: EndpointAnswer<typeof rotateWebhookSecretEndpoint>) => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(rotateWebhookSecretEndpoint),
    onSuccess: (rotated) => {
      onRotated(rotated);
      void queryClient.invalidateQueries({ queryKey: SETTINGS });
    },
  });
}

/** Queues a test event; the log reloads. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(sendTestWebhookEndpoint),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DELIVERIES }),
  });
}
