import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { yieldWhenBusy } from "@/lib/loop-share";
import { coalesceChunks } from "./coalesce-chunks";
import type { StoreExport } from "./export-store-products";
import type { TechnologyExportOptions, TechnologyProfile } from "./schemas";
import { neutralizeFormula } from "./spreadsheet-formula";
import { readTechnologyProfiles, type ProfileSource } from "./technology-profile";

/** The CSV's columns, one row per store. Lists within a cell are joined by "; ". */
export const TECHNOLOGY_CSV_COLUMNS = [
  "domain",
  "name",
  "store_url",
  "country",
  "currency",
  "theme",
  "theme_version",
  "apps",
  "app_names",
  "tags",
  "socials",
  "emails",
  "phones",
  "languages",
  "markets",
  "agent_readiness",
  "product_count",
  "price_min",
  "price_max",
  "first_seen",
  "last_seen",
  "job_id",
] as const;

const join = (values: readonly (string | null | undefined)[]) => values.filter(Boolean).join("; ");

/** A profile as one CSV record (the evidence column last, when asked for). */
export function technologyCsvRecord(profile: TechnologyProfile, evidence: boolean): Record<string, string | number | null> {
  const record: Record<string, string | number | null> = {
    domain: profile.domain,
    name: profile.name,
    store_url: profile.store_url,
    country: profile.country,
    currency: profile.currency,
    theme: profile.theme?.name ?? null,
    theme_version: profile.theme?.version ?? null,
    apps: join(profile.apps.map((app) => app.slug)),
    app_names: join(profile.apps.map((app) => app.name)),
    // A tag with its id ("google-analytics-4:G-ABC123"), the id being what ties stores to one owner.
    tags: join(profile.tags.map((tag) => (tag.id ? `${tag.kind}:${tag.id}` : tag.kind))),
    socials: join(profile.socials.map((social) => social.url)),
    emails: join(profile.contact.emails),
    phones: join(profile.contact.phones),
    languages: join(profile.languages),
    markets: join(profile.markets),
    agent_readiness: join(profile.agent_readiness),
    product_count: profile.product_count,
    price_min: profile.price_range.min,
    price_max: profile.price_range.max,
    first_seen: profile.first_seen,
    last_seen: profile.last_seen,
    job_id: profile.job_id,
  };
  if (evidence) {
    record.evidence = join([
      profile.theme?.evidence ? `theme: ${profile.theme.evidence}` : null,
      ...profile.apps.map((app) => (app.evidence ? `${app.slug}: ${app.evidence}` : null)),
      ...profile.tags.map((tag) => (tag.evidence ? `${tag.kind}: ${tag.evidence}` : null)),
    ]);
  }

  return record;
}

/** Profiles a page at a time: one page of sources in memory, never the whole segment. */
async function* profiles(pages: AsyncIterable<readonly ProfileSource[]>, evidence: boolean) {
  for await (const page of pages) {
    for (const profile of await readTechnologyProfiles(page, evidence)) {
      yield profile;
      await yieldWhenBusy();
    }
  }
}

async function* csvRecords(pages: AsyncIterable<readonly ProfileSource[]>, evidence: boolean) {
  for await (const profile of profiles(pages, evidence)) yield technologyCsvRecord(profile, evidence);
}

async function* jsonChunks(pages: AsyncIterable<readonly ProfileSource[]>, evidence: boolean, source: string) {
  yield Buffer.from(`{"source":${JSON.stringify(source)},"generated_at":${JSON.stringify(new Date().toISOString())},"stores":[`);
  let first = true;
  for await (const profile of profiles(pages, evidence)) {
    yield Buffer.from(`${first ? "" : ","}\n${JSON.stringify(profile)}`);
    first = false;
  }
  yield Buffer.from("\n]}\n");
}

/**
 * A technology export, streamed with backpressure: the next page of stores is read only when
 * the client has taken the last one. Every string cell of the CSV is the store's text or ours,
 * neutralized so no spreadsheet opens one as a formula.
 */
export function streamTechnologyExport(
  pages: AsyncIterable<readonly ProfileSource[]>,
  options: TechnologyExportOptions & { filename: string; source: string },
): StoreExport {
  const columns = [...TECHNOLOGY_CSV_COLUMNS, ...(options.evidence ? ["evidence"] : [])];
  const node =
    options.format === "csv"
      ? // pipeline, not pipe: a database error mid-stream must abort the download, not truncate it silently.
        pipeline(
          Readable.from(csvRecords(pages, options.evidence)),
          stringify({ header: true, columns, cast: { string: neutralizeFormula } }),
          coalesceChunks(),
          () => {},
        )
      : pipeline(Readable.from(jsonChunks(pages, options.evidence, options.source)), coalesceChunks(), () => {});

  return {
    filename: `${options.filename}.${options.format}`,
    contentType: options.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    body: Readable.toWeb(node) as ReadableStream<Uint8Array>,
  };
}

/** A single page, for an export of one store or one report. */
export async function* onePage(sources: readonly ProfileSource[]): AsyncGenerator<readonly ProfileSource[]> {
  yield sources;
}

/**
 * The download response of a technology export. A list's export is its owner's alone: never kept
 * by a shared cache. A public one (a segment, a store, a report) may be, briefly.
 */
export function technologyExportResponse(result: StoreExport, visibility: "public" | "private"): Response {
  return new Response(result.body, {
    headers: {
      "content-type": result.contentType,
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": visibility === "private" ? "private, no-store" : "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
}
