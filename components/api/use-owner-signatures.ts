"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listOwnerSignaturesEndpoint, registerOwnerSignatureEndpoint, removeOwnerSignatureEndpoint } from "@/lib/bot-auth/endpoints";
import type { RegisterOwnerSignatureInput } from "@/lib/bot-auth/schemas";
import { callEndpoint } from "./client";

const SIGNATURES = ["owner-signatures"] as const;

/** The stores' own signature values operators registered (never the values themselves). */
export const useOwnerSignatures = () => useQuery({ queryKey: SIGNATURES, queryFn: () => callEndpoint(listOwnerSignaturesEndpoint) });

/** Registers a store's values; the list reloads, then `onRegistered` runs. */
export function useRegisterOwnerSignature(onRegistered: () => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (body: RegisterOwnerSignatureInput) => callEndpoint(registerOwnerSignatureEndpoint, { body }),
    onSuccess: () => {
      onRegistered();
      void queryClient.invalidateQueries({ queryKey: SIGNATURES });
    },
  });
}

/** Removes one store's values; the list reloads. */
export function useRemoveOwnerSignature(domain: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(removeOwnerSignatureEndpoint, { params: { domain } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SIGNATURES }),
  });
}
