import { asc, eq } from "drizzle-orm";
import { isInnerList, parseDictionary, parseItem, type Dictionary } from "structured-headers";
import { getDb } from "@/db";
import { ownerSignatures, type OwnerSignature } from "@/db/schema";
import { ByteLru } from "@/lib/byte-lru";
import { ApiError, notFound } from "@/lib/http/errors";
import { processSlot } from "@/lib/process-slot";
import { openText, sealText } from "@/lib/secrets/seal";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";
import { ownerSignatureSchema, registerOwnerSignatureSchema, type OwnerSignatureView, type RegisterOwnerSignatureInput } from "./schemas";

/**
 * Owner mode: a merchant generates Web Bot Auth signature values for their own store in
 * Shopify's admin (one domain, valid up to three months) and an operator registers them here
 * (the admin endpoints, the admin page or `npm run bot:owner-signature`). The crawler sends
 * them, as they are, on its requests to that domain only, until `expires`. They are
 * credentials: sealed at rest, never listed, never logged (lib/log.ts scrubs the header names).
 */

const SEAL_PURPOSE = "owner_signatures headers v1";
/** Shopify's values last up to three months; a little slack for month lengths and clocks. */
export const MAX_VALIDITY_MS = 93 * 24 * 3600 * 1000;
/** How long a looked-up registration is kept in memory before the database is asked again. */
const CACHE_MS = 60_000;
/**
 * The memory the looked-up hosts may take together, least recently used out first: the crawler
 * looks up every host it sends a request to, registered or not, so without a bound the cache
 * would grow by one entry per host for the life of the process. About 3,000 hosts without a
 * registration (their entry is the name and little else), each gone a minute after its lookup.
 */
export const OWNER_SIGNATURE_CACHE_BYTES = 1024 * 1024;

/** The header names the values are sent under. */
export const OWNER_SIGNATURE_HEADERS = ["Signature", "Signature-Input", "Signature-Agent"] as const;

type Headers3 = Record<(typeof OWNER_SIGNATURE_HEADERS)[number], string>;
export type FoundOwnerSignature = { headers: Record<string, string>; expiresAt: Date };

/** A store host as the crawler reads it (lib/store-domain/normalize-domain.ts), or the caller's 400. */
function domainOrThrow(input: string, path: string): string {
  const result = normalizeDomain(input);
  if (!result.ok) throw invalid(path, result.error);

  return result.domain;
}

const invalid = (path: string, message: string): ApiError =>
  new ApiError("invalid_request", `Invalid ${path}: ${message}`, { extra: { issues: [{ path, message }] } });

function parseDictionaryOr(value: string, path: string): Dictionary {
  try {
    return parseDictionary(value);
  } catch {
    throw invalid(path, "not a structured-field dictionary (RFC 8941)");
  }
}

/**
 * Reads `created` and `expires` of every signature Signature-Input names, checks that
 * Signature carries a byte sequence for each, and that Signature-Agent is a structured
 * item or dictionary. The earliest `expires` is the registration's.
 */
export function parseSignatureValues(input: Pick<RegisterOwnerSignatureInput, "signature" | "signature_input" | "signature_agent">): {
  signedAt: Date | null;
  expiresAt: Date;
} {
  const sigInput = parseDictionaryOr(input.signature_input, "body.signature_input");
  const signature = parseDictionaryOr(input.signature, "body.signature");
  if (sigInput.size === 0) throw invalid("body.signature_input", "names no signature");
  if (sigInput.size > 4) throw invalid("body.signature_input", "names more than 4 signatures");
  let expires = Infinity;
  let created: number | null = null;
  for (const [label, member] of sigInput) {
    if (!isInnerList(member)) throw invalid("body.signature_input", `${label} is not a list of covered components`);
    const [, params] = member;
    const exp = params.get("expires");
    if (typeof exp !== "number" || !Number.isInteger(exp)) throw invalid("body.signature_input", `${label} has no integer expires`);
    expires = Math.min(expires, exp);
    const made = params.get("created");
    if (made !== undefined) {
      if (typeof made !== "number" || !Number.isInteger(made)) throw invalid("body.signature_input", `${label} has a non-integer created`);
      created = created === null ? made : Math.min(created, made);
    }
    const sig = signature.get(label);
    if (!sig || isInnerList(sig) || !(sig[0] instanceof ArrayBuffer) || sig[0].byteLength === 0) {
      throw invalid("body.signature", `has no byte sequence for ${label}`);
    }
  }
  try {
    parseItem(input.signature_agent);
  } catch {
    parseDictionaryOr(input.signature_agent, "body.signature_agent");
  }

  return { signedAt: created === null ? null : new Date(created * 1000), expiresAt: new Date(expires * 1000) };
}

function toView(row: OwnerSignature, now: Date): OwnerSignatureView {
  return ownerSignatureSchema.parse({
    domain: row.domain,
    signed_at: row.signedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
    registered_by: row.registeredBy,
    registered_at: row.createdAt.toISOString(),
  });
}

type CachedLookup = { domain: string; found: FoundOwnerSignature | null; until: number };

/** About what an entry holds: its strings (two bytes a character at worst) and the objects around them. */
function cachedLookupBytes(entry: CachedLookup): number {
  const values = entry.found ? Object.entries(entry.found.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0) : 0;

  return 256 + 2 * (2 * entry.domain.length + values);
}

// One per process: the admin routes (Next's module graph) forget a domain the crawler (the
// server's graph) has looked up.
const cache = processSlot<ByteLru<CachedLookup>>("owner-signature-cache").getOrCreate(
  () => new ByteLru<CachedLookup>(() => OWNER_SIGNATURE_CACHE_BYTES, cachedLookupBytes),
);

/**
 * Registers (or replaces) the values for one domain. Refuses values that are not shaped as
 * Web Bot Auth headers, already expired, or valid for more than about three months.
 */
export async function registerOwnerSignature(input: unknown, registeredBy: string, now = new Date()): Promise<OwnerSignatureView> {
  const parsed = registerOwnerSignatureSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(["body", ...issue.path.map(String)].join("."), issue.message);
  }
  const values = parsed.data;
  const domain = domainOrThrow(values.domain, "body.domain");
  const { signedAt, expiresAt } = parseSignatureValues(values);
  if (expiresAt.getTime() <= now.getTime()) throw invalid("body.signature_input", `expired at ${expiresAt.toISOString()}`);
  if (expiresAt.getTime() - now.getTime() > MAX_VALIDITY_MS) {
    throw invalid("body.signature_input", `expires ${expiresAt.toISOString()}, more than three months from now`);
  }
  const headers: Headers3 = {
    Signature: values.signature,
    "Signature-Input": values.signature_input,
    "Signature-Agent": values.signature_agent,
  };
  const row = { domain, sealedHeaders: sealText(SEAL_PURPOSE, JSON.stringify(headers)), signedAt, expiresAt, registeredBy };
  const [saved] = await getDb()
    .insert(ownerSignatures)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({ target: ownerSignatures.domain, set: { ...row, createdAt: now } })
    .returning();
  cache.delete(domain);

  return toView(saved!, now);
}

/** Every registration, by domain: the dates and who registered them, never the values. */
export async function listOwnerSignatures(now = new Date()): Promise<OwnerSignatureView[]> {
  const rows = await getDb().select().from(ownerSignatures).orderBy(asc(ownerSignatures.domain));

  return rows.map((row) => toView(row, now));
}

/** Removes the registration of one domain; 404 when there is none. */
export async function removeOwnerSignature(domainInput: string, now = new Date()): Promise<OwnerSignatureView> {
  const domain = domainOrThrow(domainInput, "params.domain");
  const [row] = await getDb().delete(ownerSignatures).where(eq(ownerSignatures.domain, domain)).returning();
  cache.delete(domain);
  if (!row) throw notFound("Owner signature");

  return toView(row, now);
}

async function readOwnerSignature(domain: string): Promise<FoundOwnerSignature | null> {
  const [row] = await getDb().select().from(ownerSignatures).where(eq(ownerSignatures.domain, domain));
  if (!row) return null;
  const opened = openText(SEAL_PURPOSE, row.sealedHeaders);
  if (opened === null) return null;

  return { headers: JSON.parse(opened) as Headers3, expiresAt: row.expiresAt };
}

/**
 * The headers to send to this exact host (normalized as store domains are), or null: none
 * registered, expired, or unreadable (AUTH_SECRET changed). Kept a minute in memory, so the
 * crawler asks the database once a minute per store, not once a request (within
 * OWNER_SIGNATURE_CACHE_BYTES); expiry is checked on every call.
 */
export async function findOwnerSignature(domainInput: string, now = new Date()): Promise<FoundOwnerSignature | null> {
  const normalized = normalizeDomain(domainInput);
  if (!normalized.ok) return null;
  const domain = normalized.domain;
  let entry = cache.get(domain);
  if (!entry || entry.until <= Date.now()) {
    entry = { domain, found: await readOwnerSignature(domain), until: Date.now() + CACHE_MS };
    cache.set(domain, entry);
  }
  const found = entry.found;
  if (!found || found.expiresAt.getTime() <= now.getTime()) return null;

  return { headers: { ...found.headers }, expiresAt: found.expiresAt };
}

/** Forgets what findOwnerSignature keeps in memory (tests, and a registration from another process). */
export function clearOwnerSignatureCache(): void {
  cache.clear();
}

/** How many looked-up hosts are kept and what they weigh (OWNER_SIGNATURE_CACHE_BYTES at most). */
export function ownerSignatureCacheUse(): { hosts: number; bytes: number } {
  return { hosts: cache.size, bytes: cache.bytes };
}
