import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { coalesceChunks } from "./coalesce-chunks";
import { productCsvRows } from "./product-csv-rows";
import { readExportProducts } from "./read-export-products";
import { neutralizeFormula } from "./spreadsheet-formula";
import type { FreeExportJson, FreeExportQuery } from "./schemas";
import { SHOPIFY_PRODUCT_CSV_COLUMNS } from "./shopify-csv-columns";

export type StoreExport = { filename: string; contentType: string; body: ReadableStream<Uint8Array> };

// Every string cell is the store's text (ShopifyCsvRow): none may open as a formula in the reader's spreadsheet.
const CSV_OPTIONS = { header: true, columns: [...SHOPIFY_PRODUCT_CSV_COLUMNS], cast: { string: neutralizeFormula } };

/**
 * The latest completed report of any analyzed store. Its products are public already through
 * GET /api/reports/:id; publication is about search engines, not about who may read.
 */
async function getAnalyzedStore(slug: string) {
  const [store] = await getDb().select().from(stores).where(eq(stores.slug, slug)).limit(1);
  if (!store?.latestJobId) throw notFound(`Store ${slug}`);

  return { ...store, latestJobId: store.latestJobId };
}

async function* csvRecords(jobId: string) {
  for await (const product of readExportProducts(jobId)) yield* productCsvRows(product);
}

async function* jsonChunks(store: Awaited<ReturnType<typeof getAnalyzedStore>>) {
  const head: Omit<FreeExportJson, "products"> = {
    store: { slug: store.slug, domain: store.domain, name: store.name, currency: store.currency },
    job_id: store.latestJobId,
    analyzed_at: store.lastAnalyzedAt?.toISOString() ?? null,
  };
  yield Buffer.from(`${JSON.stringify(head).slice(0, -1)},"products":[`);
  let first = true;
  for await (const product of readExportProducts(store.latestJobId)) {
    yield Buffer.from(`${first ? "" : ","}\n${JSON.stringify(product)}`);
    first = false;
  }
  yield Buffer.from("\n]}\n");
}

/**
 * The free export of a published store's latest report: Shopify's product import CSV or
 * JSON, streamed with backpressure (the database is read one batch ahead of the client).
 */
export async function exportStoreProducts(query: FreeExportQuery): Promise<StoreExport> {
  const store = await getAnalyzedStore(query.slug);
  const node =
    query.format === "csv"
      ? // pipeline, not pipe: a database error mid-stream must abort the download, not truncate it silently.
        pipeline(Readable.from(csvRecords(store.latestJobId)), stringify(CSV_OPTIONS), coalesceChunks(), () => {})
      : pipeline(Readable.from(jsonChunks(store)), coalesceChunks(), () => {});

  return {
    filename: `${store.slug}-products.${query.format}`,
    contentType: query.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    body: Readable.toWeb(node) as ReadableStream<Uint8Array>,
  };
}

/** The download response: attachment with its file name. */
export function exportResponse(result: StoreExport): Response {
  return new Response(result.body, {
    headers: {
      "content-type": result.contentType,
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}
