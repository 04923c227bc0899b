"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { AnalyzeStoreForm } from "@/components/jobs/analyze-store-form";
import type { JobResponse } from "@/lib/jobs/schemas";
import { DashboardCard } from "./dashboard-card";
import { RecentJobs } from "./recent-jobs";

type DashboardJobsProps = {
  recent: JobResponse[];
  initialDomain: string;
  /** Rendered beside the recent jobs (the plan's usage). */
  aside: ReactNode;
};

/**
 * The dashboard's working area: analyze a store and follow it in place, above the latest jobs.
 * A submission re-renders the page at once (usage, the new job in the list); when the job
 * completes its report opens (a failure stays here, saying why); the job the form follows is not
 * followed a second time in the list.
 */
export function DashboardJobs({ recent, initialDomain, aside }: DashboardJobsProps) {
  const router = useRouter();
  const [watching, setWatching] = useState<string | null>(null);

  return (
    <>
      <section aria-labelledby="analyze-heading" className="rounded-xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        <h2 id="analyze-heading" className="text-lg font-semibold">
          Analyze a store
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter a Shopify store&apos;s domain: StoreLens reads its catalog, collections, pages, theme and apps, and you can follow each step
          here.
        </p>
        <AnalyzeStoreForm
          initialDomain={initialDomain}
          onCompleted="open"
          onSubmitted={(job) => {
            setWatching(job.id);
            router.refresh();
          }}
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <DashboardCard title="Recent jobs" more={{ href: "/dashboard/jobs", label: "All jobs" }} className="lg:col-span-2">
          <RecentJobs jobs={recent} watching={watching} />
        </DashboardCard>
        {aside}
      </div>
    </>
  );
}
