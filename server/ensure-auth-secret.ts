import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertAuthConfigured } from "@/lib/auth/secure-cookies";
import { getEnv, resetEnvCache } from "@/lib/env";
import { logger } from "@/lib/log";
import { authSecretFile } from "./keep-data-private";

/**
 * The embedded mode (one process, PGlite) must start with zero configuration, also in
 * production: without AUTH_SECRET it generates one next to its data and keeps it there.
 * With DATABASE_URL (possibly several instances) AUTH_SECRET must be set explicitly.
 */
export function ensureAuthSecret(): void {
  const env = getEnv();
  if (env.NODE_ENV === "production" && !env.AUTH_SECRET && !env.DATABASE_URL && env.PGLITE_DIR !== "memory://") {
    const file = authSecretFile(env.PGLITE_DIR);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
      logger.warn(`AUTH_SECRET not set: generated one for this embedded installation in ${file}`);
    }
    process.env.AUTH_SECRET = readFileSync(file, "utf8").trim();
    resetEnvCache();
  }
  assertAuthConfigured();
}
