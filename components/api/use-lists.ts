"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createListEndpoint,
  deleteListEndpoint,
  getListChangesEndpoint,
  listListsEndpoint,
  updateListEndpoint,
} from "@/lib/lists/endpoints";
import type { CreateListBody, UpdateListBody } from "@/lib/lists/schemas";
import { callEndpoint } from "./client";

const LISTS = ["lists"] as const;
const changesKey = (id: string) => ["lists", id, "changes"] as const;

/** The caller's saved lists, with the plan's list limits. */
export const useLists = () => useQuery({ queryKey: LISTS, queryFn: () => callEndpoint(listListsEndpoint) });

/** What changed in one list since the last visit; read only when `enabled` (the row is opened). */
export const useListChanges = (id: string, enabled: boolean) =>
  useQuery({ queryKey: changesKey(id), enabled, queryFn: () => callEndpoint(getListChangesEndpoint, { params: { id } }) });

/** Saves a list; the lists reload, then `onSaved` runs. */
export function useCreateList(onSaved: () => void) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (body: CreateListBody) => callEndpoint(createListEndpoint, { body }),
    onSuccess: () => {
      onSaved();
      void queryClient.invalidateQueries({ queryKey: LISTS });
    },
  });
}

/** Renames, switches alerts or marks a list seen; the lists and its changes reload. */
export function useUpdateList(id: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (body: UpdateListBody) => callEndpoint(updateListEndpoint, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LISTS }),
  });
}

/** Deletes a list; the lists reload. */
export function useDeleteList(id: string) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: () => callEndpoint(deleteListEndpoint, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LISTS }),
  });
}
