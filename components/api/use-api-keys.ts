"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createApiKeyEndpoint, listApiKeysEndpoint, revokeApiKeyEndpoint } from "@/lib/api-keys/endpoints";
import { callEndpoint, type EndpointAnswer } from "./client";

const KEYS = ["api-keys"] as const;

/** The signed-in account's API keys. */
export const useApiKeys = () => useQuery({ queryKey: KEYS, queryFn: () => callEndpoint(listApiKeysEndpoint) });

/** Creates a key; the list reloads, and `onCreated` gets the raw key (shown only now). */
export function useCreateApiKey(onCreated: (created: EndpointAnswer<typeof createApiKeyEndpoint>) => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (name: string) => callEndpoint(createApiKeyEndpoint, { body: { name } }),
    onSuccess: (created) => {
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
}

/** Revokes one key; the list reloads. */
export function useRevokeApiKey(id: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(revokeApiKeyEndpoint, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
