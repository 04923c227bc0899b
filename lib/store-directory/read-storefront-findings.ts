import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import { storePageFindings, type StorePageFindings } from "@/lib/findings";

/** What a report read on the storefront that the store page shows (lib/findings: tags, socials, markets, agent readiness …). */
export async function readStorefrontFindings(jobId: string): Promise<StorePageFindings> {
  const [row] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, jobId));

  return storePageFindings(row?.metadata);
}
