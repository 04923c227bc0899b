"use client";

import { QueryProvider } from "@/components/api/query-provider";
import { AnalyzeStoreForm } from "./analyze-store-form";

/** The signed-in home page's form with the react-query client it needs (loaded by LazySignedInHomeForm). */
export default function SignedInHomeForm({ initialDomain }: { initialDomain: string }) {
  return (
    <QueryProvider>
      <AnalyzeStoreForm initialDomain={initialDomain} />
    </QueryProvider>
  );
}
