import { Readable } from "node:stream";
import { promisify } from "node:util";
import { createGunzip, gunzip } from "node:zlib";
import { z } from "zod";
import { STORED_ENCODING_HEADER } from "@/lib/http/stored-encoding";
import { offsetOf, paginated, paginationQuerySchema } from "@/lib/http/pagination";
import { bodyProducts, readBodyLayout, withProducts, type BodyLayout } from "./body-products";
import { getReportRecord, getReportLocation } from "./find-report";
import { chooseEncoding, matchesEtag } from "./negotiate";
import { largestRememberedBytes, rememberBody, recallBody } from "./report-body-cache";
import { REPORT_BY_JOB_CACHE_CONTROL } from "./report-cache-control";
import { readStoredEncoding, storeReportBody, type StoredBody } from "./report-body";
import { assembleReport, reportEnvelope } from "./report-envelope";
import { countSnapshotProducts, loadSnapshotProducts } from "../snapshots/snapshot-products";

/**
 * `?products_page=&products_per_page=`: one page of the report's products (same rules as
 * every list: 1-based page, 20 per page by default, at most 50). Without either, the full report.
 */
export const reportQuerySchema = z.object({
  products_page: paginationQuerySchema.shape.page.unwrap().optional(),
  products_per_page: paginationQuerySchema.shape.per_page.unwrap().optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The whole report as an object (the report page; the API serves the stored body instead). */
export async function getReport(id: string) {
  const found = await getReportRecord(id);

  return assembleReport(found, await loadSnapshotProducts(found.job.id));
}

/**
 * The report without its products, and how many it has: the report page reads its products
 * a page at a time (list-report-products.ts), so loading them all here would be waste.
 */
export async function getReportOverview(id: string) {
  const found = await getReportRecord(id);
  const { before, after } = reportEnvelope(found);

  return { ...before, ...after, product_count: await countSnapshotProducts(found.job.id) };
}

/**
 * By job id a report's answers change only when it is purged: cached a few minutes, then
 * revalidated (report-cache-control.ts); by slug or payment id (which can come to name a newer
 * report) briefly.
 */
const cacheControlFor = (id: string, jobId: string) => (id === jobId ? REPORT_BY_JOB_CACHE_CONTROL : "public, max-age=60");

/**
 * Plain JSON for a client that accepts no compression, inflated from the gzip body as a stream;
 * a body small enough to keep is remembered on the way, so the next plain answer is a copy.
 */
function inflateAndRemember(etag: string, gzip: Buffer): ReadableStream<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  const largest = largestRememberedBytes();
  const inflate = createGunzip();
  inflate.on("data", (part: Buffer) => {
    size += part.length;
    if (size <= largest) parts.push(part);
    else parts.length = 0;
  });
  inflate.on("end", () => {
    if (size <= largest) rememberBody(etag, "identity", Buffer.concat(parts, size));
  });

  return Readable.toWeb(Readable.from([gzip]).pipe(inflate)) as ReadableStream<Uint8Array>;
}

/** Bodies being built in this process: concurrent first reads of one report build it once. */
const building = new Map<string, Promise<StoredBody>>();

function buildOnce(jobId: string): Promise<StoredBody> {
  let pending = building.get(jobId);
  if (!pending) {
    pending = storeReportBody(jobId).finally(() => building.delete(jobId));
    building.set(jobId, pending);
  }

  return pending;
}

/** The stored body in one encoding: from memory, else from its row, else built (first read). */
async function bodyBytes(jobId: string, etag: string | null, encoding: "gzip" | "brotli"): Promise<{ etag: string; bytes: Buffer }> {
  if (etag !== null) {
    const remembered = recallBody(etag, encoding);
    if (remembered) return { etag, bytes: remembered };
    const stored = await readStoredEncoding(jobId, etag, encoding);
    if (stored) {
      rememberBody(etag, encoding, stored);

      return { etag, bytes: stored };
    }
  }
  const built = await buildOnce(jobId);
  rememberBody(built.etag, "gzip", built.gzip);
  rememberBody(built.etag, "brotli", built.brotli);

  return { etag: built.etag, bytes: built[encoding] };
}

const inflate = promisify(gunzip);

/** The stored body as JSON text (the plain answer's bytes). */
export async function bodyText(jobId: string, etag: string | null): Promise<string> {
  const plain = etag === null ? undefined : recallBody(etag, "identity");
  if (plain) return plain.toString("utf8");
  const body = await bodyBytes(jobId, etag, "gzip");
  const inflated = await inflate(body.bytes);
  rememberBody(body.etag, "identity", inflated);

  return inflated.toString("utf8");
}

/** Layouts of recently paged bodies, by ETag (a 30,000-product body takes ~0.1 s to scan; its layout is ~0.5 MB). */
const layouts = new Map<string, BodyLayout>();
const REMEMBERED_LAYOUTS = 32;

export function layoutOf(etag: string | null, text: string): BodyLayout {
  const known = etag === null ? undefined : layouts.get(etag);
  if (known) return known;
  const layout = readBodyLayout(text);
  if (etag !== null) {
    if (layouts.size >= REMEMBERED_LAYOUTS) layouts.delete(layouts.keys().next().value!);
    layouts.set(etag, layout);
  }

  return layout;
}

/**
 * One page of the products, cut from the stored body: the same envelope and products as the
 * full answer, so a completed report's pages never change either, whatever became of its
 * snapshot rows (cleanup) or of its store since (the envelope's store summary).
 */
export async function getReportPage(id: string, page: number, perPage: number) {
  const located = await getReportLocation(id);
  // A report read only by pages still has its body stored (and an ETag) from the first page on.
  const etag = located.etag ?? (await bodyBytes(located.jobId, null, "gzip")).etag;
  const text = await bodyText(located.jobId, etag);
  const layout = layoutOf(etag, text);
  const query = { page, per_page: perPage };
  const { data, pagination } = paginated(bodyProducts(text, layout, offsetOf(query), perPage), query, layout.count);

  return {
    jobId: located.jobId,
    etag: pageEtag(etag, page, perPage),
    report: withProducts(layout.envelope, { products: data, products_pagination: pagination }),
  };
}

/** A page's strong validator: the body's (a page is cut from it, so it changes only with it) and the page asked for. */
const pageEtag = (etag: string, page: number, perPage: number) => `"${etag.replace(/^W\//, "").replaceAll('"', "")}.p${page}x${perPage}"`;

/** A page, with the ETag of its body and page: 304 when If-None-Match names it, as the whole report does. */
async function pagedReport(id: string, page: number, perPage: number, req: Request): Promise<Response> {
  const located = await getReportLocation(id);
  const cacheControl = cacheControlFor(id, located.jobId);
  if (located.etag !== null && matchesEtag(req.headers.get("if-none-match"), pageEtag(located.etag, page, perPage))) {
    return new Response(null, { status: 304, headers: { etag: pageEtag(located.etag, page, perPage), "cache-control": cacheControl } });
  }
  const { etag, report } = await getReportPage(id, page, perPage);

  return Response.json(report, { headers: { etag, "cache-control": cacheControl } });
}

/**
 * GET /api/reports/:id over HTTP. The full report is served from its stored, compressed body
 * (built on first read): brotli or gzip as the client accepts, else decompressed on the fly as
 * a stream. It carries a strong ETag, so a revalidation answers 304 without reading the body.
 */
export async function getReportResponse(id: string, req: Request, query: ReportQuery = {}): Promise<Response> {
  if (query.products_page !== undefined || query.products_per_page !== undefined) {
    const perPage = query.products_per_page ?? paginationQuerySchema.shape.per_page.parse(undefined);

    return pagedReport(id, query.products_page ?? 1, perPage, req);
  }
  const located = await getReportLocation(id);
  const cacheControl = cacheControlFor(id, located.jobId);
  if (located.etag !== null && matchesEtag(req.headers.get("if-none-match"), located.etag)) {
    return new Response(null, { status: 304, headers: { etag: located.etag, "cache-control": cacheControl, vary: "accept-encoding" } });
  }
  const encoding = chooseEncoding(req.headers.get("accept-encoding"));
  const body = await bodyBytes(located.jobId, located.etag, encoding === "br" ? "brotli" : "gzip");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    etag: body.etag,
    "cache-control": cacheControl,
    vary: "accept-encoding",
  };
  if (encoding === "identity") {
    const plain = recallBody(body.etag, "identity");
    if (plain) return new Response(plain as Uint8Array<ArrayBuffer>, { headers: { ...headers, "content-length": String(plain.length) } });

    return new Response(inflateAndRemember(body.etag, body.bytes), { headers });
  }
  headers["content-encoding"] = encoding;
  headers[STORED_ENCODING_HEADER] = encoding;
  headers["content-length"] = String(body.bytes.length);

  // A Buffer is a Uint8Array over a plain ArrayBuffer; sent as is, without a copy.
  return new Response(body.bytes as Uint8Array<ArrayBuffer>, { headers });
}

/**
 * The stored body of a completed report in every encoding, for an answer kept in memory
 * (server/public-answers/public-answers.ts): the plain bytes only up to `identityLimit` (inflated off the
 * event loop), else null and the answer inflates the gzip bytes as it sends them.
 */
export async function reportAnswerBodies(jobId: string, identityLimit: number) {
  const located = await getReportLocation(jobId);
  const gzipped = await bodyBytes(located.jobId, located.etag, "gzip");
  const brotli = await bodyBytes(located.jobId, gzipped.etag, "brotli");
  const identityLength = gzipped.bytes.readUInt32LE(gzipped.bytes.length - 4);
  let identity = recallBody(gzipped.etag, "identity") ?? null;
  if (!identity && identityLength <= identityLimit) identity = await inflate(gzipped.bytes);

  return { etag: gzipped.etag, gzip: gzipped.bytes, brotli: brotli.bytes, identity, identityLength };
}
