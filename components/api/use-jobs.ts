"use client";

import { useMutation } from "@tanstack/react-query";
import { createJobEndpoint } from "@/lib/jobs/endpoints";
import { callEndpoint, type EndpointAnswer } from "./client";

/** Submits a store's domain for analysis; `onSubmitted` gets the job as the API accepted it. */
export function useCreateJob(onSubmitted?: (answer: EndpointAnswer<typeof createJobEndpoint>) => void) {
  return useMutation({
    mutationFn: (domain: string) => callEndpoint(createJobEndpoint, { body: { domain } }),
    onSuccess: (answer) => onSubmitted?.(answer),
  });
}
