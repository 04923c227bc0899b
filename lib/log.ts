import { getEnv } from "@/lib/env";
import { boundText } from "@/lib/bound-text";

/**
 * A small structured logger. One JSON line per event in production, readable lines in
 * development. Values under secret-looking keys are redacted before anything is written, and
 * every string (messages, error stacks and causes included) loses bound query values, URL query
 * strings, header values and token-shaped runs: errors are logged whole, so they must be safe whole.
 * Each string is then cut to LOG_TEXT_MAX: what a store or a network error said cannot make a
 * line of any length.
 */
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;

const SECRET_KEY = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|x-payment|signature|hash|^param(eter)?s$/i;
const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const REDACTED = "[redacted]";
/** Room for a failed query's SQL or a deep stack, not for a page a store sent. */
export const LOG_TEXT_MAX = 8_000;

// Every pattern below is linear: each match starts at a fixed marker and runs over a character
// class that cannot overlap the marker, so a hostile string cannot make the scan quadratic.
const SCRUBBERS: Array<[RegExp, string | ((match: string) => string)]> = [
  // drizzle's "Failed query: …\nparams: <bound values>" (and postgres' own parameters lines)
  [/\b(param(?:eter)?s:)[^\n]*/gi, `$1 ${REDACTED}`],
  // query strings: ?token=…, ?code=…; the path stays readable
  [/\?[^\s#"'<>=&?]*=[^\s#"'<>]*/g, `?${REDACTED}`],
  // headers written out as text (signature, signature-input, signature-agent: Web Bot Auth)
  [/\b((?:set-)?cookie|authorization|x-payment|(?:payment-)?signature(?:-input|-agent)?)(["']?\s*[:=]\s*)[^\n]*/gi, `$1$2${REDACTED}`],
  [/\bBearer\s+[^\s"',]+/gi, `Bearer ${REDACTED}`],
  // API keys and session/reset tokens: long base64url runs with letters and digits (not UUIDs or hex digests)
  [/[A-Za-z0-9_-]{32,}/g, (run) => (looksLikeToken(run) ? REDACTED : run)],
];

function looksLikeToken(run: string): boolean {
  return /[0-9]/.test(run) && /[g-zG-Z_]/.test(run);
}

/**
 * Removes bound values, query strings, header values and token-shaped strings from free text,
 * then cuts it: in that order, so no cut can shorten a token below the length that marks it.
 */
function scrubText(text: string): string {
  return boundText(
    SCRUBBERS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement as string), text),
    LOG_TEXT_MAX,
  );
}

/**
 * An error as one short line, scrubbed before it is cut (a cut could leave part of a token the
 * scrubbers no longer recognize): for a line that names several failures, where whole stacks
 * would be unbounded.
 */
export function briefError(error: unknown, maxChars = 300): string {
  return boundText(scrubText(error instanceof Error ? `${error.name}: ${error.message}` : String(error)), maxChars);
}

function redactError(error: Error, depth: number): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;

  return {
    name: error.name,
    message: scrubText(error.message),
    ...(typeof code === "string" ? { code } : {}),
    stack: error.stack === undefined ? undefined : scrubText(error.stack),
    ...(error.cause !== undefined ? { cause: redact(error.cause, depth + 1) } : {}),
  };
}

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 4) return typeof value === "object" && value !== null ? "[nested]" : value;
  if (value instanceof Error) return redactError(value, depth);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));

  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1)]),
  );
}

function settings(): { level: number; json: boolean } {
  try {
    const env = getEnv();

    return { level: LEVELS[env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info")], json: env.NODE_ENV === "production" };
  } catch {
    // A bad environment is itself reported through the logger: fall back to defaults.
    return { level: LEVELS.info, json: false };
  }
}

/** One log line as it is written, scrubbed; `time` for a line rendered now and written later. */
export function renderLogLine(level: Level, message: string, fields?: Fields, time = new Date().toISOString()): string {
  const safe = redact(fields ?? {}) as Fields;
  const msg = scrubText(message);

  return settings().json ? JSON.stringify({ level, time, msg, ...safe }) : `[${level}] ${msg}${fields ? ` ${JSON.stringify(safe)}` : ""}`;
}

function write(level: Level, message: string, fields?: Fields): void {
  if (LEVELS[level] < settings().level) return;
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(renderLogLine(level, message, fields) + "\n");
}

export const logger = {
  debug: (message: string, fields?: Fields) => write("debug", message, fields),
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
