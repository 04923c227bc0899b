import { chmodSync, existsSync } from "node:fs";
import path from "node:path";
import type { Env } from "@/lib/env";

/**
 * The embedded database's directory (mode 0700) and the generated AUTH_SECRET beside it (0600)
 * are readable by this process's user alone. The render's browser runs a stranger's scripts as
 * another user (nobody, lib/render/browser-jail.ts): a renderer that escaped Chromium's sandbox
 * must still find neither. Applied at every start, so a directory made before this held (or copied
 * with a looser umask) is closed too.
 */
export function keepDataPrivate(env: Pick<Env, "DATABASE_URL" | "PGLITE_DIR">): void {
  if (env.DATABASE_URL || env.PGLITE_DIR === "memory://" || env.PGLITE_DIR === "") return;
  const dir = path.resolve(env.PGLITE_DIR);
  if (existsSync(dir)) chmodSync(dir, 0o700);
  const secret = authSecretFile(env.PGLITE_DIR);
  if (existsSync(secret)) chmodSync(secret, 0o600);
}

/** Where the embedded mode keeps the AUTH_SECRET it generated: beside the PGlite directory. */
export function authSecretFile(pgliteDir: string): string {
  return path.join(path.dirname(path.resolve(pgliteDir)), "auth-secret");
}
