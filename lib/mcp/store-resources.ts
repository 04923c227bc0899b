import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type ListResourcesResult,
  type McpServer,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/server";
import { accessRefusal } from "@/lib/auth/access";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { ApiError } from "@/lib/http/errors";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";
import { logger } from "@/lib/log";
import { MAX_DIRECTORY_PAGE } from "@/lib/store-directory/schemas";
import { getReportTool, getStoreTool, runTool, searchStoresTool, userOf, type ToolCaller } from "@/lib/tools";
import { registerReportCardApp, reportCardResource } from "./report-card-app";

/** Where a completed report and a public store page live as MCP resources. */
export const REPORT_URI_TEMPLATE = "storelens://reports/{job_id}";
export const STORE_URI_TEMPLATE = "storelens://stores/{slug}";
export const reportUri = (jobId: string) => `storelens://reports/${encodeURIComponent(jobId)}`;
export const storeUri = (slug: string) => `storelens://stores/${encodeURIComponent(slug)}`;

/** Resources per resources/list page: the API's largest page. */
export const RESOURCES_PER_PAGE = 50;
/** Products in a report read as a resource: its first page, as get_report's largest (the rest through get_report). */
const REPORT_PRODUCTS_READ = 50;

const JSON_MIME = "application/json";

/**
 * Where a resources/list page starts: the caller's own completed reports first (only for an
 * account: the `account` row of the access matrix, as GET /api/shops), then the public directory.
 * Opaque to clients; a cursor we did not write is invalid params, as the spec asks.
 */
type Cursor = { part: "reports" | "stores"; page: number };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString()) as Partial<Cursor>;
    if ((value.part === "reports" || value.part === "stores") && Number.isInteger(value.page) && value.page! >= 1) {
      return { part: value.part, page: value.page! };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor: pass nextCursor from a previous resources/list answer");
}

const seesOwnReports = (caller: ToolCaller) => accessRefusal(caller.principal.kind, "account") === null;

/** One page of what the caller may read: a part's page, and where the next one starts. */
async function listPage(caller: ToolCaller, cursor: Cursor): Promise<ListResourcesResult> {
  if (cursor.part === "reports") {
    // A cursor from a listing with credentials, sent without them.
    if (!seesOwnReports(caller))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor: it lists your reports; send your credentials");
    const { data, pagination } = await listUserJobs({ userId: userOf(caller).id, page: cursor.page, per_page: RESOURCES_PER_PAGE });
    // Only a completed job has a report; a page may hold fewer than a full page of them.
    const resources = data.filter((job) => job.status === "completed").map(reportResource);
    const next: Cursor = cursor.page < pagination.total_pages ? { part: "reports", page: cursor.page + 1 } : { part: "stores", page: 1 };

    return { resources, nextCursor: encodeCursor(next) };
  }
  const { data, pagination } = await runTool(searchStoresTool, { page: cursor.page, per_page: RESOURCES_PER_PAGE }, caller);
  const resources = data.map(storeResource);
  const more = cursor.page < Math.min(pagination.total_pages, MAX_DIRECTORY_PAGE);

  return more ? { resources, nextCursor: encodeCursor({ part: "stores", page: cursor.page + 1 }) } : { resources };
}

function reportResource(job: { id: string; domain: string; completed_at: string | null }): Resource {
  return {
    uri: reportUri(job.id),
    name: `report-${job.id}`,
    title: `Report: ${job.domain}`,
    description: `Your analysis of ${job.domain}, completed ${job.completed_at ?? ""}`.trim(),
    mimeType: JSON_MIME,
  };
}

function storeResource(store: { slug: string; domain: string; name: string | null; last_analyzed_at: string | null }): Resource {
  return {
    uri: storeUri(store.slug),
    name: `store-${store.slug}`,
    title: store.name ? `${store.name} (${store.domain})` : store.domain,
    description: `The public store page of ${store.domain}`,
    mimeType: JSON_MIME,
  };
}

/** A read as the REST answer's JSON; a refusal as a JSON-RPC error carrying our error body. */
async function readJson(uri: URL, read: () => Promise<unknown>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.toString(), mimeType: JSON_MIME, text: JSON.stringify(await read()) }] };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw new ResourceNotFoundError(uri.toString());
    if (error instanceof ApiError)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { ...error.toBody(), status: error.status });
    if (!isDatabaseUnavailable(error)) logger.error("unhandled error in MCP resource read", { uri: uri.toString(), error });
    throw error;
  }
}

const variable = (value: string | string[] | undefined) => decodeURIComponent((Array.isArray(value) ? value[0] : value) ?? "");

/**
 * Completed reports and public store pages as MCP resources, for one caller. A read runs the
 * tool that fronts the REST endpoint (get_report: GET /api/reports/:id, its first 50 products
 * with products_pagination; get_store: GET /api/stores/:slug), so access, validation and the JSON
 * are the endpoint's. resources/list is ours, not the SDK's (which has no cursors): the caller's
 * own completed reports, then the directory, RESOURCES_PER_PAGE at a time, plus the report card app.
 */
export function registerStoreResources(server: McpServer, caller: ToolCaller): void {
  server.registerResource(
    "report",
    new ResourceTemplate(REPORT_URI_TEMPLATE, { list: undefined }),
    {
      title: "A store analysis report",
      description: "A completed report as GET /api/reports/:id answers it, with its first 50 products (get_report pages the rest)",
      mimeType: JSON_MIME,
    },
    (uri, { job_id }) =>
      readJson(uri, () => runTool(getReportTool, { id: variable(job_id), page: 1, per_page: REPORT_PRODUCTS_READ }, caller)),
  );
  server.registerResource(
    "store",
    new ResourceTemplate(STORE_URI_TEMPLATE, { list: undefined }),
    { title: "A public store page", description: "A store's page as GET /api/stores/:slug answers it", mimeType: JSON_MIME },
    (uri, { slug }) => readJson(uri, () => runTool(getStoreTool, { slug: variable(slug) }, caller)),
  );
  registerReportCardApp(server);
  // Registered after the SDK's handler (which registerResource installs) so this one answers.
  server.server.setRequestHandler("resources/list", async (request) => {
    const cursor = decodeCursor(request.params?.cursor) ?? { part: seesOwnReports(caller) ? "reports" : "stores", page: 1 };
    const page = await listPage(caller, cursor);
    // The app is listed once, on the first page.
    return request.params?.cursor === undefined ? { ...page, resources: [reportCardResource(), ...page.resources] } : page;
  });
}
