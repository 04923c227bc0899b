import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries, type CHANGE_SUBJECTS } from "@/db/schema";

/** A job's changelog rows of these subjects (a job's changes are bounded by its store's catalog). */
export function listJobChanges(jobId: string, subjects: (typeof CHANGE_SUBJECTS)[number][]) {
  return getDb()
    .select()
    .from(changelogEntries)
    .where(and(eq(changelogEntries.jobId, jobId), inArray(changelogEntries.subject, subjects)));
}
