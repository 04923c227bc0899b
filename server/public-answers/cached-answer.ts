import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { AnswerTopic } from "../../lib/answer-changes/answer-events";

export type AnswerEncoding = "br" | "gzip" | "identity";

/**
 * A finished answer kept in memory: its bytes in every encoding and the raw header lists of
 * each way it is sent, built once so a hit only copies bytes to the socket. `identity` is
 * null when the plain body is too large to keep: it is then inflated from `gzip` as it is sent.
 */
export type CachedAnswer = {
  topic: AnswerTopic;
  etag: string;
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer | null };
  identityLength: number;
  /** Raw header lists (name, value, name, value …) for writeHead. */
  headers: Record<AnswerEncoding, string[]> & { notModified: string[] };
  /** When the answer stops being true by the clock alone (a report turning public), else null. */
  expiresAt: number | null;
  /** Memory the entry holds, its budget share. */
  bytes: number;
};

export type AnswerSource = {
  topic: AnswerTopic;
  /** Headers of every variant (content type, cache-control, security headers …), lower-case names. */
  headers: Record<string, string>;
  /** The ETag, when the body already has one (stored report bodies); else a digest of `identity`. */
  etag?: string;
  identity: Buffer | null;
  identityLength: number;
  gzip?: Buffer;
  br?: Buffer;
  expiresAt: number | null;
};

// Threadpool compression: a large page never holds the event loop while it is prepared.
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A strong ETag from the plain bytes: equal bodies, equal tags, in every process. */
export const digestEtag = (prefix: string, identity: Buffer) =>
  `"${prefix}-${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`;

const flatten = (headers: Record<string, string>) => Object.entries(headers).flat();

export async function buildCachedAnswer(source: AnswerSource): Promise<CachedAnswer> {
  const { identity } = source;
  if (!identity && (!source.gzip || !source.br)) throw new Error("an answer without its plain bytes needs both compressed ones");
  const [gzipped, brotlied] = await Promise.all([
    source.gzip ?? gzipAsync(identity!, { level: 9 }),
    source.br ??
      brotliAsync(identity!, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity!.length,
        },
      }),
  ]);
  const etag = source.etag ?? digestEtag("a", identity!);
  const common = { ...source.headers, etag, vary: "accept-encoding" };
  const sized = (encoding: AnswerEncoding, length: number) =>
    flatten({ ...common, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": String(length) });

  return {
    topic: source.topic,
    etag,
    bodies: { br: brotlied, gzip: gzipped, identity },
    identityLength: source.identityLength,
    headers: {
      br: sized("br", brotlied.length),
      gzip: sized("gzip", gzipped.length),
      identity: sized("identity", source.identityLength),
      // A 304 carries what a 200 would have said about caching (RFC 9110 §15.4.5), no body headers.
      notModified: flatten(Object.fromEntries(Object.entries(common).filter(([name]) => name !== "content-type"))),
    },
    expiresAt: source.expiresAt,
    bytes: brotlied.length + gzipped.length + (identity?.length ?? 0) + 2048,
  };
}
