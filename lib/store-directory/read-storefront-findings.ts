import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import { readFindings, storePageFindings, type StorePageFindings } from "@/lib/findings";
import { catalogThemeName, merchantThemeName } from "./theme-name";

/** What a report read on the storefront that the store page shows (lib/findings: tags, socials, markets, agent readiness …). */
export async function readStorefrontFindings(jobId: string): Promise<StorePageFindings> {
  const [row] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, jobId));

  return storePageFindings(row?.metadata);
}

/**
 * The theme as the report read it: its catalog name ("Impulse") and the merchant's name for its
 * copy when that says something else ("[PROD] Latest Snapshot - 07.30.21"). Nulls when the report
 * names no theme; the store row's name stands in then.
 */
export async function readReportTheme(jobId: string): Promise<{ name: string | null; merchant_name: string | null }> {
  const [row] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, jobId));
  const theme = readFindings(row?.metadata).theme?.value ?? null;

  return { name: catalogThemeName(theme), merchant_name: merchantThemeName(theme) };
}
