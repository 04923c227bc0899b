import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import "@/testing/setup-database";
import { getDatabase, getDb } from "@/db";
import { ipCooldowns, jobs, reports } from "@/db/schema";
import { GET as reportRoute } from "@/app/api/reports/[id]/route";
import { getEnv, resetEnvCache } from "@/lib/env";
import { resetIpCooldownMemory } from "@/lib/limits/ip-cooldown";
import { findJob } from "@/lib/jobs/get-job";
import { recordDetectedApps } from "@/lib/apps/record-detected-apps";
import { ApiError } from "@/lib/http/errors";
import { publishDueReports } from "@/lib/store-directory/publish-due-reports";
import { getReportOverview } from "@/lib/reports/get-report";
import { purgeReport } from "@/lib/reports/purge-report";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { recordStoreAnalysis } from "@/lib/store-directory/record-store-analysis";
import { apiKeyHeader, bearerHeader, createTestApiKey, createTestUser, malformedApiKey, revokeTestApiKey } from "@/testing/auth/fixtures";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { rawRequest, type RawAnswer } from "@/testing/raw-request";
import { waitFor } from "@/testing/wait-for";
import { createPublicAnswers } from "./public-answers";

// The answers kept in memory, in front of what would otherwise answer: the real report route,
// and for pages a renderer that reads the database on every request as Next's pages do (and,
// like the site header, names a signed-in reader).

const DAY = 24 * 3600_000;
let rendersOfPages = 0;

async function renderPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  rendersOfPages += 1;
  const signedIn = /authjs\.session-token=([a-z]+)/.exec(req.headers.cookie ?? "")?.[1];
  const url = req.url ?? "";
  const header = `<header>${signedIn ? `Signed in as ${signedIn}` : "Sign in"}</header>`;
  const scripts = `<script>self.__page=${JSON.stringify(url)}</script><script src="/_next/static/app.js" async></script>`;
  try {
    let body: string;
    if (url.startsWith("/reports/")) {
      const id = url.slice("/reports/".length);
      // A job without its report yet shows its progress, as the report page does.
      const running = await findJob(id);
      body = running && running.status !== "completed" ? "<h1>analyzing</h1>" : `<h1>report ${(await getReportOverview(id)).job.id}</h1>`;
    } else {
      const page = await getStorePage(url.slice("/stores/".length));
      body = `<h1>latest ${page.latest_job_id}</h1><p>${page.published_reports.length} public reports; indexable ${page.seo.indexable}</p>`;
    }
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
    });
    res.end(`<!DOCTYPE html><html><head>${scripts}</head><body>${header}${body}</body></html>`);
  } catch (error) {
    res.writeHead(error instanceof ApiError ? error.status : 500, { "content-type": "text/html" }).end("<h1>not here</h1>");
  }
}

async function routeReport(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const response = await reportRoute(new Request(url, { headers }), { params: Promise.resolve({ id: url.pathname.split("/").pop()! }) });
  const sent = Object.fromEntries(response.headers);
  const stored = sent["x-stored-content-encoding"];
  if (stored) sent["content-encoding"] = stored;
  res.writeHead(response.status, sent);
  if (!response.body || req.method === "HEAD") return void res.end();
  Readable.fromWeb(response.body as never).pipe(res);
}

let server: Server;
let origin = "";
let answers: ReturnType<typeof createPublicAnswers>;

beforeAll(async () => {
  answers = createPublicAnswers(getEnv(), () => server.address() as AddressInfo);
  await answers.start();
  server = createServer((req, res) => {
    answers.answer(req, res, () => {
      const handle = req.url?.startsWith("/api/") ? routeReport : renderPage;
      handle(req, res).catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await answers.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> =>
  rawRequest(`${origin}${path}`, headers, method);

const kept = (path: string) => answers.cache.get(path) !== undefined;

/** Reads until the answer is kept (it is kept after the first answer went out). */
async function warm(path: string): Promise<void> {
  await get(path);
  await waitFor(() => kept(path), { timeoutMs: 10_000 });
}

/** Counts uses of the database handle while `fn` runs. */
async function databaseUses(fn: () => Promise<void>): Promise<number> {
  const handle = getDatabase();
  const real = handle.db;
  let uses = 0;
  handle.db = new Proxy(real, {
    get(target, property, receiver) {
      uses += 1;

      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  try {
    await fn();
  } finally {
    handle.db = real;
  }

  return uses;
}

async function newReportFor(storeId: string, slug: string): Promise<string> {
  const at = new Date();
  const [job] = await getDb()
    .insert(jobs)
    .values({
      storeId,
      domain: `${slug}.test`,
      slug,
      status: "completed",
      progress: 1,
      createdAt: at,
      startedAt: at,
      completedAt: at,
      listingComplete: true,
    })
    .returning({ id: jobs.id });
  await getDb().insert(reports).values({ jobId: job!.id, storeId, collections: [], pages: [], metadata: {}, summary: {}, createdAt: at });
  await getDb().transaction((tx) =>
    recordStoreAnalysis(tx, storeId, {
      jobId: job!.id,
      at,
      name: slug,
      description: null,
      currency: "USD",
      country: null,
      productCount: 0,
      collectionCount: 0,
      pageCount: 0,
      exposesInventory: false,
    }),
  );

  return job!.id;
}

describe("answers kept in memory", () => {
  it("answers a completed report's JSON in every encoding, with ETag, 304 and HEAD, without the database", async () => {
    const { jobId } = await seedAnalyzedStore({ domain: "kept-json.test", products: 40, analyzedAt: new Date(Date.now() - 40 * DAY) });
    const path = `/api/reports/${jobId}`;
    const first = await get(path, { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    const json = gunzipSync(first.bytes).toString();
    await waitFor(() => kept(path), { timeoutMs: 10_000 });

    let br!: RawAnswer, gzip!: RawAnswer, plain!: RawAnswer, head!: RawAnswer, notModified!: RawAnswer;
    const uses = await databaseUses(async () => {
      br = await get(path, { "accept-encoding": "gzip, br" });
      gzip = await get(path, { "accept-encoding": "gzip;q=1, br;q=0" });
      plain = await get(path);
      head = await get(path, { "accept-encoding": "br" }, "HEAD");
      notModified = await get(path, { "if-none-match": `"other", ${first.headers.etag}` });
    });
    expect(uses).toBe(0);

    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.bytes).toString()).toBe(json);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.bytes).toString()).toBe(json);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(json);
    expect(Number(plain.headers["content-length"])).toBe(plain.bytes.length);
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({
        etag: first.headers.etag,
        "content-type": "application/json",
        "cache-control": "public, max-age=300, must-revalidate",
        vary: "accept-encoding",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
      });
    }
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.etag).toBe(first.headers.etag);
  });

  it("answers a report page from memory under a policy naming its inline scripts by digest; a signed-in reader's page is never kept nor served to others", async () => {
    const { jobId } = await seedAnalyzedStore({ domain: "kept-page.test", products: 5, analyzedAt: new Date(Date.now() - 40 * DAY) });
    const path = `/reports/${jobId}`;
    // A signed-in reader first: rendered for them, never kept.
    const mine = await get(path, { cookie: "authjs.session-token=alice" });
    expect(mine.bytes.toString()).toContain("Signed in as alice");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kept(path)).toBe(false);

    await warm(path);
    const renders = rendersOfPages;
    let visitor!: RawAnswer;
    const uses = await databaseUses(async () => {
      visitor = await get(path, { "accept-encoding": "br" });
    });
    expect(uses).toBe(0);
    expect(rendersOfPages).toBe(renders);
    const html = brotliDecompressSync(visitor.bytes).toString();
    expect(html).toContain("Sign in");
    expect(html).not.toContain("Signed in as");
    const script = `self.__page=${JSON.stringify(path)}`;
    const digest = (await import("node:crypto")).createHash("sha256").update(script).digest("base64");
    const policy = String(visitor.headers["content-security-policy"]);
    expect(policy).toContain(`script-src 'self' 'sha256-${digest}';`);
    expect(policy.split(";").find((part) => part.includes("script-src"))).not.toMatch(/unsafe-inline|nonce-|strict-dynamic/);
    expect(visitor.headers["cache-control"]).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    expect(visitor.headers["x-frame-options"]).toBe("DENY");

    // Readers with a session still get their own page, rendered for them.
    const bob = await get(path, { cookie: "theme=dark; authjs.session-token=bob" });
    const secure = await get(path, { cookie: "__Secure-authjs.session-token.0=carol" });
    const router = await get(path, { rsc: "1" });
    expect(bob.bytes.toString()).toContain("Signed in as bob");
    expect(secure.headers["content-security-policy"]).toBeUndefined();
    expect(router.headers["content-security-policy"]).toBeUndefined();
    expect(rendersOfPages).toBe(renders + 3);
  });

  it("renders a cold page once for readers arriving together: they wait for the first read and get its kept answer", async () => {
    const { jobId } = await seedAnalyzedStore({ domain: "kept-together.test", products: 5, analyzedAt: new Date(Date.now() - 40 * DAY) });
    const path = `/reports/${jobId}`;
    const renders = rendersOfPages;
    const answersTogether = await Promise.all(Array.from({ length: 20 }, () => get(path, { "accept-encoding": "gzip" })));

    expect(answersTogether.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // The first reader's render and the render that is kept, not one per reader.
    expect(rendersOfPages).toBe(renders + 2);
    const pages = answersTogether.map((answer) =>
      (answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.bytes) : answer.bytes).toString(),
    );
    expect(pages.every((page) => page.includes(`report ${jobId}`) && page.includes("Sign in"))).toBe(true);
    // All but the first were answered as kept: under the policy of digests, not a nonce.
    expect(answersTogether.filter((answer) => /'sha256-/.test(String(answer.headers["content-security-policy"])))).toHaveLength(19);
  });

  it("readers waiting on a page that cannot be kept (a running job's) are each answered by the renderer", async () => {
    const { store } = await seedAnalyzedStore({ domain: "kept-together-running.test", products: 1 });
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store.id, domain: "kept-together-running.test", slug: store.slug, status: "running" })
      .returning({ id: jobs.id });
    const renders = rendersOfPages;
    const answersTogether = await Promise.all(Array.from({ length: 5 }, () => get(`/reports/${job!.id}`)));

    expect(answersTogether.map((answer) => answer.bytes.toString().includes("analyzing"))).toEqual(Array(5).fill(true));
    expect(rendersOfPages).toBe(renders + 5);
    expect(kept(`/reports/${job!.id}`)).toBe(false);
  });

  it("drops a store page when the store gets a new report, and a report's answers when it is purged (410 from then on)", async () => {
    const { store, jobId: first } = await seedAnalyzedStore({
      domain: "kept-store.test",
      products: 5,
      analyzedAt: new Date(Date.now() - 40 * DAY),
    });
    const storePath = `/stores/${store.slug}`;
    await warm(storePath);
    expect((await get(storePath)).bytes.toString()).toContain(`latest ${first}`);

    const second = await newReportFor(store.id, store.slug);
    await waitFor(() => !kept(storePath), { timeoutMs: 10_000 });
    expect((await get(storePath)).bytes.toString()).toContain(`latest ${second}`);

    // The first report is no longer the latest: it may be purged.
    const json = `/api/reports/${first}`;
    const page = `/reports/${first}`;
    await warm(json);
    await warm(page);
    await purgeReport(first, "owner's request");
    await waitFor(() => !kept(json) && !kept(page), { timeoutMs: 10_000 });
    expect((await get(json)).status).toBe(410);
    expect((await get(page)).status).toBe(410);
  });

  it("drops a store page when apps are found on the store, whoever records them", async () => {
    const { store, jobId } = await seedAnalyzedStore({
      domain: "kept-apps.test",
      products: 2,
      analyzedAt: new Date(Date.now() - 40 * DAY),
    });
    const storePath = `/stores/${store.slug}`;
    await warm(storePath);

    await recordDetectedApps(getDb(), { storeId: store.id, jobId, at: new Date() }, [{ slug: "schemaplus", evidence: "schemaplus.js" }]);
    await waitFor(() => !kept(storePath), { timeoutMs: 10_000 });
  });

  it("drops the page of the store's latest report when a newer one completes: it offers the latest report's exports no more", async () => {
    const { store, jobId: first } = await seedAnalyzedStore({
      domain: "superseded-store.test",
      products: 3,
      analyzedAt: new Date(Date.now() - 40 * DAY),
    });
    const page = `/reports/${first}`;
    await warm(page);

    await newReportFor(store.id, store.slug);
    await waitFor(() => !kept(page), { timeoutMs: 10_000 });
  });

  it("drops a report page and its store page when the report is published, and keeps a not-yet-public page only until it turns public", async () => {
    const completedAt = new Date(Date.now() - 29.5 * DAY);
    const { store, jobId } = await seedAnalyzedStore({ domain: "kept-publish.test", products: 5, analyzedAt: completedAt });
    const page = `/reports/${jobId}`;
    const storePath = `/stores/${store.slug}`;
    await warm(page);
    await warm(storePath);
    expect(answers.cache.get(page)?.expiresAt).toBe(completedAt.getTime() + 30 * DAY);
    expect(answers.cache.get(storePath)?.expiresAt).toBe(completedAt.getTime() + 30 * DAY);
    // Past its deadline the kept page is not sent.
    expect(answers.cache.get(page, completedAt.getTime() + 30 * DAY)).toBeUndefined();

    await warm(page);
    await publishDueReports(new Date(Date.now() + DAY));
    await waitFor(() => !kept(page) && !kept(storePath), { timeoutMs: 10_000 });
    expect((await get(storePath)).bytes.toString()).toContain("indexable true");
  });

  it("a running job's page is never kept", async () => {
    const { store } = await seedAnalyzedStore({ domain: "kept-running.test", products: 1 });
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store.id, domain: "kept-running.test", slug: store.slug, status: "running" })
      .returning({ id: jobs.id });
    const path = `/reports/${job!.id}`;
    expect((await get(path)).bytes.toString()).toContain("analyzing");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kept(path)).toBe(false);
  });
});

describe("credentials in front of kept answers", () => {
  it("refuses a revoked or malformed API key with 401 on a report kept in memory, as the route does; a visitor still gets the kept answer", async () => {
    const { jobId } = await seedAnalyzedStore({
      domain: "kept-credentials.test",
      products: 2,
      analyzedAt: new Date(Date.now() - 40 * DAY),
    });
    const path = `/api/reports/${jobId}`;
    await warm(path);
    const user = await createTestUser();
    const live = await createTestApiKey(user.id);
    const revoked = await createTestApiKey(user.id);
    await revokeTestApiKey(revoked.id);

    const refusals = [
      await get(path, apiKeyHeader(revoked.key)),
      await get(path, apiKeyHeader(malformedApiKey())),
      await get(path, bearerHeader(revoked.key)),
      await get(path, bearerHeader(malformedApiKey())),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.bytes.toString())).toMatchObject({ code: "unauthorized" });
    }
    expect((await get(path, apiKeyHeader(live.key))).status).toBe(200);

    let visitor!: RawAnswer;
    const uses = await databaseUses(async () => {
      visitor = await get(path);
    });
    expect(uses).toBe(0);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.etag).toBeDefined();
  });
});

describe("the IP cooldown in front of kept answers", () => {
  afterEach(async () => {
    vi.useRealTimers();
    delete process.env.IP_BURST_LIMIT;
    resetEnvCache();
    resetIpCooldownMemory();
    await getDb().delete(ipCooldowns);
  });

  it("counts a kept report JSON toward an address's burst and refuses it in a cooldown, as the route does; pages stay served", async () => {
    const { jobId } = await seedAnalyzedStore({ domain: "kept-cooldown.test", products: 2, analyzedAt: new Date(Date.now() - 40 * DAY) });
    const json = `/api/reports/${jobId}`;
    const page = `/reports/${jobId}`;
    await warm(json);
    await warm(page);
    process.env.IP_BURST_LIMIT = "5";
    resetEnvCache();
    // Bursts count per wall-clock second: hold the clock still so a slow machine cannot split one.
    vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / 1000) * 1000 + 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await get(json)).status);

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Written for the other instances, which read the row.
    await waitFor(async () => (await getDb().$count(ipCooldowns)) === 1, { what: "the cooldown row" });
    const refused = await get(json);
    expect(JSON.parse(refused.bytes.toString())).toMatchObject({ code: "rate_limited", limit_type: "ip_cooldown" });
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get(page)).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL)("across processes on one PostgreSQL", () => {
  it("a change announced by another connection (another server process) drops the answer kept here", async () => {
    const { openPostgres } = await import("@/db");
    const { announceAnswerChanges, storeTopic } = await import("@/lib/answer-changes/answer-events");
    const { store } = await seedAnalyzedStore({ domain: "kept-elsewhere.test", products: 2, analyzedAt: new Date(Date.now() - 40 * DAY) });
    const path = `/stores/${store.slug}`;
    await warm(path);
    const other = openPostgres(process.env.DATABASE_URL!);
    try {
      await other.db.transaction((tx) => announceAnswerChanges(tx, [storeTopic(store.slug)]));
    } finally {
      await other.close();
    }
    await waitFor(() => !kept(path), { timeoutMs: 10_000 });
  });
});
