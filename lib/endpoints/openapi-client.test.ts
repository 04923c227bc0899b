import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

// A client generated from the document must let an integrator submit a job and read its
// report with typed fields: the script below is compiled against the generated types.

const SCRIPT = `
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Product = components["schemas"]["Product"];

const client = createClient<paths>({ baseUrl: "https://storelens.example", headers: { "X-API-Key": "sl_example" } });

export async function submitAndRead(domain: string) {
  const created = await client.POST("/api/jobs", { body: { domain, notify_email: "me@example.com" } });
  if (created.error) {
    const message: string = created.error.error;
    const payment = created.response.status === 402 ? (created.error as components["schemas"]["PaymentRequired"]).accepts[0]?.maxAmountRequired : undefined;
    return { message, payment };
  }
  const jobId: string = created.data.job.id;
  const status = await client.GET("/api/jobs/{id}/status", { params: { path: { id: jobId } } });
  const progress: number | undefined = status.data?.progress;

  const report = await client.GET("/api/reports/{id}", { params: { path: { id: jobId }, query: { products_per_page: 50 } } });
  if (!report.data) return { message: report.error?.error ?? "not modified" };
  const products: Product[] = report.data.products;
  const price: string | null | undefined = report.data.products[0]?.variants[0]?.price;
  const currency: string | null = report.data.metadata.base_currency.value;
  const pages: number | undefined = report.data.products_pagination?.total_pages;
  const vendors: string[] = report.data.summary.top_vendors.map((v) => v.vendor);
  // @ts-expect-error a product has no such field: the answer is typed, not any
  const missing = report.data.products[0]?.no_such_field;
  return { progress, products, price, currency, pages, vendors, missing };
}
`;

const root = path.join(process.cwd(), "node_modules", ".cache");
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Generates the client's types from `doc` and type-checks the script; the compiler's messages. */
async function compileAgainst(doc: unknown): Promise<string[]> {
  mkdirSync(root, { recursive: true });
  // Inside the project, so the script resolves openapi-fetch from node_modules.
  const dir = mkdtempSync(path.join(root, "openapi-client-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])));
  writeFileSync(path.join(dir, "client.ts"), SCRIPT);
  const program = ts.createProgram([path.join(dir, "client.ts")], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    skipLibCheck: true,
  });

  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("a typed client generated from the OpenAPI document", () => {
  it("submits a job and reads its report with typed fields", async () => {
    expect(await compileAgainst(buildOpenApiDocument())).toEqual([]);
  }, 120_000);

  it("fails to compile when the report's answer is not described", async () => {
    const doc = structuredClone(buildOpenApiDocument());
    const report = doc.paths["/api/reports/{id}"]!.get as { responses: Record<string, { content?: unknown }> };
    delete report.responses["200"]!.content;
    const messages = await compileAgainst(doc);
    expect(messages.join("\n")).toMatch(/products/);
  }, 120_000);
});
