import { z } from "zod";
import type { Job } from "@/db/schema";
import { jobUrls } from "@/lib/jobs/job-urls";

/** The job.completed webhook body: exactly the contract's fields. */
export const jobCompletedPayloadSchema = z.strictObject({
  event: z.literal("job.completed"),
  job_id: z.uuid(),
  domain: z.string(),
  slug: z.string(),
  report_url: z.url(),
  api_url: z.url(),
  status_url: z.url(),
});
export type JobCompletedPayload = z.infer<typeof jobCompletedPayloadSchema>;

export function jobCompletedPayload(job: Job): JobCompletedPayload {
  return jobCompletedPayloadSchema.parse({
    event: "job.completed",
    job_id: job.id,
    domain: job.domain,
    slug: job.slug,
    ...jobUrls(job.id),
  });
}
