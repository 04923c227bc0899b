import { getEnv } from "@/lib/env";

/**
 * A small structured logger. One JSON line per event in production, readable lines in
 * development. Values under secret-looking keys are redacted before anything is written.
 */
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;

const SECRET_KEY = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|x-payment|signature|hash/i;
const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));

  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? "[redacted]" : redact(v, depth + 1),
    ]),
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

function write(level: Level, message: string, fields?: Fields): void {
  const { level: minimum, json } = settings();
  if (LEVELS[level] < minimum) return;
  const safe = redact(fields ?? {}) as Fields;
  const line = json
    ? JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...safe })
    : `[${level}] ${message}${fields ? ` ${JSON.stringify(safe)}` : ""}`;
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const logger = {
  debug: (message: string, fields?: Fields) => write("debug", message, fields),
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
