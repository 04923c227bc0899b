import { z } from "zod";
import { CHANGE_KINDS, CHANGE_SUBJECTS } from "@/db/schema";
import { paginatedSchema } from "@/lib/http/pagination";

/** GET /api/changelog/:jobId (OpenAPI); get-changelog.ts builds it. */
export const changelogEntrySchema = z.object({
  subject: z.enum(CHANGE_SUBJECTS),
  change: z.enum(CHANGE_KINDS),
  id: z.string(),
  title: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export const changelogSchema = z
  .object({
    job_id: z.string(),
    status: z.string(),
    previous_job_id: z
      .string()
      .nullable()
      .describe(
        "The store's previous completed analysis, what the changes are measured against, named even when nothing changed; null for the store's first analysis and for a job that has not completed",
      ),
  })
  .extend(paginatedSchema(changelogEntrySchema).shape);
