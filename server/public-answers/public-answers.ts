import { randomBytes } from "node:crypto";
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { carriesCredential } from "@/lib/auth/credential-headers";
import type { Env } from "@/lib/env";
import { clientLimitKey } from "@/lib/http/client-address";
import { ApiError } from "@/lib/http/errors";
import { enforceIpCooldownFromMemory } from "@/lib/limits/ip-cooldown";
import { logger } from "@/lib/log";
import { AnswerCache } from "@/server/public-answers/answer-cache";
import { listenForAnswerChanges, reportTopic, storeTopic, type AnswerTopic } from "@/lib/answer-changes/answer-events";
import { buildCachedAnswer, type AnswerSource, type CachedAnswer } from "@/server/public-answers/cached-answer";
import { inlineScriptHashes } from "@/server/public-answers/inline-script-hashes";
import { reportAnswerValidity, storeAnswerValidity } from "@/lib/publishing/answer-validity";
import { reportAnswerBodies } from "@/lib/reports/get-report";
import { chooseEncoding, matchesEtag } from "@/lib/reports/negotiate";
import { REPORT_BY_JOB_CACHE_CONTROL } from "@/lib/reports/report-cache-control";
import { securityHeaders, securityHeadersForScripts } from "@/lib/security/security-headers";
import { sendApiError } from "../send-api-error";

/** What may be answered from memory: a completed report's JSON and page, a store page. */
type Target = { key: string; kind: "report-json" | "report-page" | "store-page"; id: string; topic: AnswerTopic };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const REPORT_JSON = new RegExp(`^/api/reports/(${UUID})$`);
const REPORT_PAGE = new RegExp(`^/reports/(${UUID})$`);
const STORE_PAGE = /^\/stores\/([a-z0-9][a-z0-9.-]{0,199})$/;

/**
 * Headers that make a page request something else than a first visit: the App Router's own
 * requests for a payload (`rsc`, `next-router-*`), server actions. Those go to Next.
 */
const isRouterRequest = (headers: IncomingHttpHeaders) =>
  headers.rsc !== undefined ||
  headers["next-action"] !== undefined ||
  headers["next-router-state-tree"] !== undefined ||
  headers["next-router-prefetch"] !== undefined;

/**
 * The target a request names, when its answer is the same for every reader. Only a visitor's
 * request is answered from memory, and only a visitor's page is kept: pages differ by session
 * (the header says "Sign in" only to a visitor), and any credential (a key, a bearer token, a
 * session cookie, a payment) is the route wrapper's to check, which refuses a revoked or
 * malformed one with 401 and may count the request.
 */
function publicTarget(req: IncomingMessage): Target | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  if (url.length > 300 || url.includes("?") || carriesCredential(req.headers)) return null;
  const json = REPORT_JSON.exec(url);
  if (json) return { key: url, kind: "report-json", id: json[1]!, topic: reportTopic(json[1]!) };
  if (isRouterRequest(req.headers)) return null;
  const page = REPORT_PAGE.exec(url);
  if (page) return { key: url, kind: "report-page", id: page[1]!, topic: reportTopic(page[1]!) };
  const store = STORE_PAGE.exec(url);
  if (store) return { key: url, kind: "store-page", id: store[1]!, topic: storeTopic(store[1]!) };

  return null;
}

/** Sends a kept answer: 304 on a matching If-None-Match, the best encoding the client accepts, no body for HEAD. */
function sendCachedAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
  if (matchesEtag(req.headers["if-none-match"] ?? null, answer.etag)) {
    res.writeHead(304, answer.headers.notModified);
    res.end();

    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"] ?? null);
  res.writeHead(200, answer.headers[encoding]);
  if (req.method === "HEAD") return void res.end();
  const body = encoding === "identity" ? answer.bodies.identity : answer.bodies[encoding];
  if (body) return void res.end(body);
  // Plain bytes too large to keep: inflated as they are sent, a chunk at a time off the loop.
  pipeline(Readable.from([answer.bodies.gzip]), createGunzip(), res).catch(() => res.destroy());
}

/** Response headers of a rendered page that describe that one transfer, not the page. */
const TRANSFER_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
  "content-length",
  "content-encoding",
  "etag",
  "content-security-policy",
  "content-security-policy-report-only",
]);

type Rendered = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Asks this server for a page as a visitor would, uncompressed, marked as a fill so it goes to Next. */
function renderThroughNext(address: AddressInfo, path: string, fillToken: string): Promise<Rendered> {
  // Listening on every interface: loopback reaches it; on one address: that address.
  const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;

  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port: address.port,
        path,
        method: "GET",
        headers: { "accept-encoding": "identity", [FILL_HEADER]: fillToken },
        timeout: 60_000,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`rendering ${path} took over a minute`)));
    req.on("error", reject);
    req.end();
  });
}

const FILL_HEADER = "x-storelens-answer-fill";

/** A page's own headers plus the security headers of a page kept in memory. */
function pageHeaders(env: Env, rendered: Rendered, html: string): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(rendered.headers)) {
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const vary = kept.vary ? kept.vary.split(",").map((part) => part.trim()) : [];
  if (!vary.some((part) => part.toLowerCase() === "accept-encoding")) vary.push("Accept-Encoding");

  return { ...kept, vary: vary.join(", "), ...securityHeadersForScripts(env, inlineScriptHashes(html)) };
}

const MB = 1024 * 1024;
/** How long a target found not to be keepable (a running job's page) is not tried again. */
const NOT_KEEPABLE_MS = 2000;
/** The longest a request waits for the first read of the same target before going to Next itself. */
const COLLAPSE_WAIT_MS = 15_000;

/**
 * The public answers this process keeps in memory and answers before Next: a hit costs no
 * database query and no rendering. Entries leave when an announced change names them (any
 * process, through LISTEN/NOTIFY: lib/answer-changes/answer-events.ts), when a report turns
 * public by the clock, or when the byte budget (PUBLIC_ANSWER_CACHE_MB) needs the room.
 */
export function createPublicAnswers(env: Env, serverAddress: () => AddressInfo) {
  const cache = new AnswerCache(env.PUBLIC_ANSWER_CACHE_MB * MB);
  const fillToken = randomBytes(16).toString("hex");
  const notKeepable = new Map<string, number>();
  const enabled = env.PUBLIC_ANSWER_CACHE_MB > 0;
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;

  async function source(target: Target): Promise<AnswerSource | null> {
    if (target.kind === "report-json") {
      const validity = await reportAnswerValidity(target.id);
      if (!validity) return null;
      // The JSON does not change at publication, only at a purge (announced).
      const body = await reportAnswerBodies(target.id, (env.PUBLIC_ANSWER_CACHE_MB * MB) / 8);

      return {
        topic: target.topic,
        headers: { "content-type": "application/json", "cache-control": REPORT_BY_JOB_CACHE_CONTROL, ...securityHeaders(env) },
        etag: body.etag,
        identity: body.identity,
        identityLength: body.identityLength,
        gzip: body.gzip,
        br: body.brotli,
        expiresAt: null,
      };
    }
    // Checked before rendering: what is rendered afterwards is at least as new.
    const validity = target.kind === "report-page" ? await reportAnswerValidity(target.id) : await storeAnswerValidity(target.id);
    if (!validity) return null;
    const rendered = await renderThroughNext(serverAddress(), target.key, fillToken);
    const type = String(rendered.headers["content-type"] ?? "");
    if (rendered.status !== 200 || !type.startsWith("text/html") || rendered.headers["set-cookie"] !== undefined) return null;
    const html = rendered.body.toString("utf8");

    return {
      topic: target.topic,
      headers: pageHeaders(env, rendered, html),
      identity: rendered.body,
      identityLength: rendered.body.length,
      expiresAt: validity.expiresAt,
    };
  }

  async function fill(target: Target): Promise<void> {
    const ticket = cache.beginFill(target.key, target.topic);
    if (!ticket) return;
    try {
      const found = await source(target);
      if (!found) {
        if (notKeepable.size > 10_000) notKeepable.clear();
        notKeepable.set(target.key, Date.now() + NOT_KEEPABLE_MS);

        return;
      }
      ticket.keep(await buildCachedAnswer(found));
    } catch (error) {
      // The request itself went to Next and got its answer; the next one tries again.
      logger.warn("could not keep a public answer", { path: target.key, error });
    } finally {
      ticket.end();
    }
  }

  /**
   * A kept answer. The report JSON is an API answer, so the IP cooldown holds for it as for the
   * route: it counts toward a burst and is refused in a cooldown this process knows of, without
   * waiting on the database (lib/limits/ip-cooldown.ts). Pages are not API answers and never
   * were under it.
   */
  function sendKept(req: IncomingMessage, res: ServerResponse, target: Target, answer: CachedAnswer): void {
    if (target.kind === "report-json") {
      try {
        enforceIpCooldownFromMemory(clientLimitKey(req, env.TRUST_PROXY));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        for (const [name, value] of Object.entries(securityHeaders(env))) res.setHeader(name, value);

        return sendApiError(res, error, req.method);
      }
    }
    sendCachedAnswer(req, res, answer);
  }

  /**
   * Cold targets whose first request is with Next (and then filling): later requests for the
   * same target wait for it instead of rendering the same page again. Twenty readers arriving
   * at once cost one render, not twenty renders whose work shares the one event loop.
   */
  const firstReads = new Map<string, Promise<void>>();

  /** Leaves the request to Next; once its 200 went out, keeps the answer for the next readers. */
  function readThrough(target: Target, res: ServerResponse, passOn: () => void): void {
    let done!: () => void;
    firstReads.set(target.key, new Promise<void>((resolve) => (done = resolve)));
    const settle = () => {
      firstReads.delete(target.key);
      done();
    };
    // After Next's answer, not beside it: the first read of a report builds its stored body,
    // and a fill at the same time would build it twice.
    res.once("close", () => {
      if (res.writableFinished && res.statusCode === 200) void fill(target).finally(settle);
      else settle();
    });
    passOn();
  }

  /** Answers a waiting request from memory when the first read kept it, else leaves it to Next. */
  async function afterFirstRead(req: IncomingMessage, res: ServerResponse, target: Target, first: Promise<void>, passOn: () => void) {
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, COLLAPSE_WAIT_MS).unref())]);
    const hit = cache.get(target.key);
    if (hit && !res.destroyed) return sendKept(req, res, target, hit);
    passOn();
  }

  return {
    cache,
    /**
     * Answers from memory when it can; otherwise calls `passOn` (Next), keeping the answer for
     * next time, or waits for the first read of the same target under way and answers as it.
     */
    answer(req: IncomingMessage, res: ServerResponse, passOn: () => void): void {
      if (req.headers[FILL_HEADER] !== undefined) {
        const ours = req.headers[FILL_HEADER] === fillToken;
        delete req.headers[FILL_HEADER];
        if (ours) return passOn();
      }
      const target = enabled && listening ? publicTarget(req) : null;
      if (!target) return passOn();
      const hit = cache.get(target.key);
      if (hit) return sendKept(req, res, target, hit);
      const until = notKeepable.get(target.key);
      if (until !== undefined && until > Date.now()) return passOn();
      notKeepable.delete(target.key);
      const first = firstReads.get(target.key);
      if (first) return void afterFirstRead(req, res, target, first, passOn);
      readThrough(target, res, passOn);
    },
    /** Starts listening for changes; nothing is kept or answered from memory before. */
    async start(): Promise<void> {
      if (!enabled) return;
      try {
        unlisten = await listenForAnswerChanges((event) => cache.invalidate("all" in event ? "all" : event.topics));
        listening = true;
      } catch (error) {
        // Without the change announcements nothing kept could be trusted: every request goes to Next.
        logger.warn("public answers are not kept in memory: could not listen for changes", { error });
      }
    },
    async stop(): Promise<void> {
      listening = false;
      await unlisten?.().catch(() => {});
      cache.invalidate("all");
    },
  };
}
