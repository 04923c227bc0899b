import { getDb } from "@/db";
import { jobArtifacts } from "@/db/schema";

type ArtifactKind = typeof jobArtifacts.$inferInsert.kind;

/** Saves (or replaces, when a step is retried) one artifact of a job; the caller validated `data`. */
export async function saveJobArtifact(jobId: string, kind: ArtifactKind, data: unknown): Promise<void> {
  await getDb()
    .insert(jobArtifacts)
    .values({ jobId, kind, data })
    .onConflictDoUpdate({ target: [jobArtifacts.jobId, jobArtifacts.kind], set: { data, createdAt: new Date() } });
}
