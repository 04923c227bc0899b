"use client";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { CatalogEventKind } from "@/lib/changelog/schemas";
import {
  compareSnapshotsEndpoint,
  getInventorySummaryEndpoint,
  getProductInventoryEndpoint,
  getStoreAnalyticsEndpoint,
  listCatalogEventsEndpoint,
  listInventoryEventsEndpoint,
} from "@/lib/tracking/endpoints";
import { callEndpoint } from "./client";

// One tracked store's figures for its dashboard page (/api/store-detail/:slug/…).

/** Catalog size and prices per day, and the heat graph. */
export const useStoreAnalytics = (slug: string) =>
  useQuery({ queryKey: ["analytics", slug], queryFn: () => callEndpoint(getStoreAnalyticsEndpoint, { params: { slug } }) });

/** Units sold, daily sales, top sellers and restocks. */
export const useInventorySummary = (slug: string) =>
  useQuery({ queryKey: ["inventory", slug], queryFn: () => callEndpoint(getInventorySummaryEndpoint, { params: { slug } }) });

/** One page (20) of sale and restock events, of one type and one product when given. */
export const useInventoryEvents = (slug: string, page: number, type: "" | "sale" | "restock", productId: number | undefined) =>
  useQuery({
    queryKey: ["inventory-events", slug, page, type, productId],
    queryFn: () =>
      callEndpoint(listInventoryEventsEndpoint, {
        params: { slug },
        query: { page, per_page: 20, type: type || undefined, product_id: productId },
      }),
  });

/** Two snapshots compared: the pair given, else the latest two; the last answer stays while the next loads. */
export const useSnapshotComparison = (slug: string, pair: { from: string; to: string } | null) =>
  useQuery({
    queryKey: ["compare", slug, pair?.from, pair?.to],
    queryFn: () => callEndpoint(compareSnapshotsEndpoint, { params: { slug }, query: pair ?? {} }),
    retry: false,
    placeholderData: keepPreviousData,
  });

/** Catalog events, newest first, 20 a page by cursor, of one kind when given. */
export const useCatalogEvents = (slug: string, kind: CatalogEventKind | "") =>
  useInfiniteQuery({
    queryKey: ["catalog-events", slug, kind],
    queryFn: ({ pageParam }) =>
      callEndpoint(listCatalogEventsEndpoint, { params: { slug }, query: { limit: 20, kind: kind || undefined, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** One product's figures, price history and quantity history; nothing is asked until a product is picked. */
export const useProductInventory = (slug: string, productId: number | undefined) =>
  useQuery({
    queryKey: ["product-inventory", slug, productId],
    queryFn: () => callEndpoint(getProductInventoryEndpoint, { params: { slug, shopifyId: productId! } }),
    enabled: productId !== undefined,
    retry: false,
  });
