import { z } from "zod";
import { databaseSettingsSchema } from "@/db/settings";

/**
 * Every setting of StoreLens, validated once. Defaults make the embedded mode
 * (PGlite, embedded workflow executor, mail to the log) work with no configuration.
 * `.env.example` documents each variable; keep the two in step.
 */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const csv = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const url = z.url({ protocol: /^https?$/ });

/** BOT_SIGNING_KEYS' shape, checked at start-up (lib/bot-auth/bot-keys.ts also checks each x against its d). */
function isPrivateEd25519JwkList(raw: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return false;
  }
  const keys: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const isKey = (key: unknown) =>
    typeof key === "object" &&
    key !== null &&
    Object.entries({ kty: "OKP", crv: "Ed25519" }).every(([name, value]) => (key as Record<string, unknown>)[name] === value) &&
    ["x", "d"].every((name) => typeof (key as Record<string, unknown>)[name] === "string");

  return keys.length > 0 && keys.every(isKey);
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: url.default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).optional(),
  /** The embedded workflow executor's and the workflow SDK's debug lines, also in tests. */
  DEBUG_WORKFLOW: bool,
  /** Contact of /.well-known/security.txt (mailto: or https:); defaults to security@ the BASE_URL host. */
  SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "a mailto: address or an https: URL")
    .optional(),
  /** Whom a store owner writes about the crawler (shown on /bot): a mailto: address or an https: URL; defaults to BASE_URL. */
  BOT_CONTACT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "a mailto: address or an https: URL")
    .optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool,
  /**
   * The process kills itself when its event loop has been blocked this long (0: never): a main
   * thread that spins answers nothing, and only an exit lets a supervisor restart it.
   */
  EVENT_LOOP_STALL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Benchmarks only (bench/job.ts): the file the event-loop stall log appends to; unset, no log. */
  LOOP_STALL_LOG_FILE: z.string().optional(),

  ...databaseSettingsSchema.shape,
  /**
   * Free space (MB) the embedded database's disk must keep; below it new jobs answer 503
   * storage_low and the worker claims no new steps (0: no check). PGlite only.
   */
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(512),
  /** Tests only: read the free bytes from this file instead of the file system. */
  STORAGE_FREE_BYTES_FILE: z.string().optional(),
  /**
   * A job that has waited this long on low storage (no step claimed) fails `storage_low` and its
   * snapshot rows are dropped, so it holds neither a concurrency slot nor disk space for good.
   */
  STORAGE_LOW_MAX_WAIT_MINUTES: z.coerce.number().int().min(1).default(60),

  AUTH_SECRET: z.string().min(16).optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  ADMIN_USER_IDS: csv,
  API_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}$/, "lower-case letters and digits, 2-16 characters")
    .default("sl"),
  LEGACY_JWT_JWKS_URL: url.optional(),
  LEGACY_JWT_SECRET: z.string().min(16).optional(),
  LEGACY_JWT_ISSUER: z.string().optional(),
  LEGACY_JWT_AUDIENCE: z.string().optional(),
  /**
   * Longest validity (exp, counted from iat or from now, whichever is earlier) of a token signed
   * with LEGACY_JWT_SECRET: every holder of the secret can mint one, so none may live long.
   */
  LEGACY_JWT_MAX_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),

  SHOP_RESOLVE: z
    .string()
    .default("")
    .refine(
      (v) => v === "" || v.split(",").every((r) => /^[^=\s]+=https?:\/\/[^\s,]+$/.test(r.trim())),
      "expected pattern=origin[,pattern=origin...] e.g. *.test=http://127.0.0.1:4010",
    ),
  ALLOW_PRIVATE_NETWORK: bool,
  /**
   * Waits between the attempts of an alert or test webhook (Go-style durations: `90s`, `2h`): one
   * attempt, then one more after each wait until a 2xx. The default spans about a day and a half.
   */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default("1m,5m,30m,2h,8h,24h")
    .refine((v) => v.split(",").every((d) => /^(\d+(ms|s|m|h|d))+$/.test(d.trim())), "expected durations such as 1m,5m,30m,2h,8h,24h")
    .transform((v) => v.split(",").map((d) => d.trim())),
  /** Unset: `StoreLensBot/<version> (+<BASE_URL>/bot)`, see scraperUserAgent(). */
  SCRAPER_USER_AGENT: z.string().optional(),
  /**
   * Web Bot Auth signing keys: a private Ed25519 JWK or a JSON array of them. The first signs store
   * requests; all are published in /.well-known/http-message-signatures-directory (rotation).
   * Unset: one key derived from AUTH_SECRET (stable per installation).
   */
  BOT_SIGNING_KEYS: z
    .string()
    .refine(isPrivateEd25519JwkList, 'expected a private Ed25519 JWK ({"kty":"OKP","crv":"Ed25519","x":…,"d":…}) or a JSON array of them')
    .optional(),
  SCRAPER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  SCRAPER_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  SCRAPER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(5),
  /** First retry delay of the exponential backoff (doubles per attempt, with jitter). */
  SCRAPER_BACKOFF_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A store counting or listing more products than this fails its job `store_too_large`. */
  MAX_PRODUCTS_PER_JOB: z.coerce.number().int().min(1).default(150_000),
  /** Store requests the product crawl of one job may make (a 100,000-product store read by handle past the cap fits). */
  MAX_STORE_REQUESTS_PER_JOB: z.coerce.number().int().min(1).default(100_000),
  /**
   * What one job's product snapshot may take (MB of rows as written); past it the job fails
   * `storage_budget_exceeded` and its rows are dropped. The default holds MAX_PRODUCTS_PER_JOB
   * products of 3.5 KB; real ones take 2–3 KB as rows (the captures in testing/fake-store/fixtures),
   * an apparel product with 15 variants about 5 KB.
   */
  JOB_STORAGE_BUDGET_MB: z.coerce.number().int().min(1).default(512),

  /**
   * Look app handles the catalog does not know up on the Shopify App Store (apps.shopify.com), in
   * the background (resolve-app-listings); false: never, and such apps stay named by their handle.
   */
  APP_STORE_LOOKUPS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  PAGESPEED_API_URL: url.default("https://www.googleapis.com/pagespeedonline/v5/runPagespeed"),
  PAGESPEED_API_KEY: z.string().optional(),
  PAGESPEED_ENABLED: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Render each job's store home page in a browser (screenshots, apps injected by script). Unset:
   * on when a browser is found (CHROMIUM_PATH, else the system's Chromium); false: never.
   */
  RENDER: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** Renders one process runs at the same time (each is a browser of a few hundred MB). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** One render's time budget, from the browser's start to the last screenshot; past it: render_timeout. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
  /** The Chromium (or Chrome) the render step and the browser tests start; unset: searched for (lib/render/find-chromium.ts). */
  CHROMIUM_PATH: z.string().optional(),
  /**
   * Whom the browser runs as when the server runs as root: a user name, a uid or uid:gid. Unset:
   * nobody. Ignored (with a warning) by a server that is not root: it cannot switch users.
   */
  RENDER_USER: z
    .string()
    .regex(/^([a-z_][a-z0-9_.-]*\$?|\d+(:\d+)?)$/i, "a user name, a uid or uid:gid")
    .optional(),
  /**
   * Refuse to render (render_launch_failed) when the browser cannot get a network namespace of
   * its own, a user other than root and Chromium's sandbox; off: render with a warning in the log.
   */
  RENDER_REQUIRE_CONTAINMENT: bool,

  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  WORKER_ENABLED: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  JOB_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * Steps one embedded worker runs at the same time. Pipeline steps mostly wait (for a store's
   * pacing turn, its answers, the database), and a step waiting for store A must not keep store
   * B's job from running, so this is well above the core count.
   */
  WORKFLOW_STEPS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(64),
  /** Completed snapshots the cleanup cron keeps per untracked store, and per tracked store. */
  SNAPSHOTS_KEEP_UNTRACKED: z.coerce.number().int().min(1).max(1000).default(3),
  SNAPSHOTS_KEEP_TRACKED: z.coerce.number().int().min(2).max(1000).default(30),
  /** Sign-in, sign-up and password-reset attempts per minute: per client address, per account. */
  AUTH_ATTEMPTS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(20),
  AUTH_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Quick looks (GET /api/quick-look, the signed-out home page's form) per client address per day (UTC). */
  QUICK_LOOKS_PER_DAY_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Requests per second from one address before it is refused for IP_COOLDOWN_SECONDS (0: off). */
  IP_BURST_LIMIT: z.coerce.number().int().min(0).default(300),
  IP_COOLDOWN_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Bytes of finished public answers (report pages and JSON, store pages, every encoding) the
   * server keeps in memory, and of stored report bodies kept in front of the database; each a
   * least-recently-used budget (docs/public-site.md › Kept public answers).
   */
  PUBLIC_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  REPORT_BODY_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  /** Open progress connections (WebSocket and SSE counted together) per client address, and per process. */
  PROGRESS_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(32),
  PROGRESS_CONNECTIONS_MAX: z.coerce.number().int().min(1).default(5_000),
  /**
   * Longest an MCP analyze_store call sent with a progressToken waits for its job, with progress
   * notifications, before answering the job as it stands (0: never waits). The default stays
   * under the official SDK client's 60 s request timeout, which progress does not reset unless
   * the client asks: a stock client gets an answer, not a timeout.
   */
  MCP_PROGRESS_WAIT_MS: z.coerce.number().int().min(0).max(900_000).default(50_000),

  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: url.optional(),
  MAIL_FROM: z.string().default("StoreLens <reports@storelens.local>"),
  /** New accounts confirm their e-mail before their first job; unset: on when RESEND_API_KEY is set. */
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),

  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends API calls (a fake Stripe on loopback in tests); unset → api.stripe.com. */
  STRIPE_API_BASE: url.optional(),
  STRIPE_PRICE_SINGLE_REPORT: z.string().optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().optional(),
  /** Display prices of the plans (Stripe charges what its price ids say; keep them equal). */
  SINGLE_REPORT_PRICE_USD: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, "a USD amount like 9.99")
    .default("9.99"),
  PRO_MONTHLY_PRICE_USD: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, "a USD amount like 29.99")
    .default("29.99"),
  FREE_JOBS_PER_MONTH: z.coerce.number().int().min(0).max(10_000).default(3),

  X402_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x + 40 hex digits)")
    .optional(),
  X402_PRICE_USD: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default("0.50"),
  X402_NETWORK: z.string().default("base"),
  X402_FACILITATOR_URL: url.optional(),
  /**
   * Longest wait for the facilitator's answer. A settlement that gets none is recorded as of
   * unknown outcome (the transfer may have happened), and the same payment sent again finishes it.
   */
  X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),

  CHAT_BASE_URL: url.optional(),
  CHAT_API_KEY: z.string().optional(),
  CHAT_MODEL: z.string().default("gpt-4o-mini"),
  /** Longest one chat answer may take (all model calls and tools); the tokens used so far still count. */
  CHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
});

export type Env = z.infer<typeof envSchema>;

/** One line per bad variable, so an operator sees everything wrong at once. */
export function formatEnvIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`).join("\n");
}

/** Settings that only make sense together; checked after each one is valid on its own. */
function requireCoupledSettings(env: Env, ctx: z.RefinementCtx): void {
  // A JWKS (typically a shared identity provider) signs tokens for other audiences too:
  // without an issuer and audience check, any token it ever issued would be accepted here.
  // A shared secret is held by every service it was handed to, and each can mint tokens with it:
  // the issuer and audience say which of them a token was meant for.
  const keySetting = env.LEGACY_JWT_JWKS_URL ? "LEGACY_JWT_JWKS_URL" : env.LEGACY_JWT_SECRET ? "LEGACY_JWT_SECRET" : null;
  if (keySetting) {
    for (const key of ["LEGACY_JWT_ISSUER", "LEGACY_JWT_AUDIENCE"] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `required when ${keySetting} is set (tokens of other issuers or audiences would be accepted)`,
        });
      }
    }
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.superRefine(requireCoupledSettings).safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid environment configuration:\n${formatEnvIssues(result.error)}`);
  }

  return result.data;
}

let cached: Env | undefined;

/** The validated settings of this process (parsed on first use, then frozen). */
export function getEnv(): Env {
  cached ??= Object.freeze(parseEnv(process.env));

  return cached;
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}

export const env: Env = new Proxy({} as Env, {
  get: (_target, key) => getEnv()[key as keyof Env],
});

/** Which engine runs the workflow functions: Inngest when its keys are configured. */
export function getEngineKind(settings: Env = getEnv()): "inngest" | "embedded" {
  return settings.INNGEST_EVENT_KEY && settings.INNGEST_SIGNING_KEY ? "inngest" : "embedded";
}

/**
 * Whether an account must confirm its e-mail before its first job (free accounts would
 * otherwise be unlimited scrapers). By default only when mail really leaves the machine: with
 * mail to the log, a newcomer running `npm start` could never receive the link.
 */
export function isEmailVerificationRequired(settings: Env = getEnv()): boolean {
  return settings.REQUIRE_EMAIL_VERIFICATION ?? Boolean(settings.RESEND_API_KEY);
}
