"use client";

import { useQuery } from "@tanstack/react-query";
import { getQuickLookEndpoint } from "@/lib/quick-look/endpoints";
import { callEndpoint } from "./client";

/**
 * A quick look at `domain` (null: none asked yet). Each look counts against the address's day,
 * so a refusal is not retried and a look once answered is not asked again while the page is open.
 */
export const useQuickLook = (domain: string | null) =>
  useQuery({
    queryKey: ["quick-look", domain],
    queryFn: () => callEndpoint(getQuickLookEndpoint, { query: { domain: domain! } }),
    enabled: domain !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
