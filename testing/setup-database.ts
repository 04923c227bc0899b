import { afterAll, vi } from "vitest";
import { readFileSync } from "node:fs";
import { closeDatabase, getDatabase, installDatabase, openPglite } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { installTimeSource } from "@/lib/time-of-record";
import { findGlobalExecutor, setGlobalExecutor } from "@/lib/workflow/embedded/global";
import { prepareDatabase } from "@/server/prepare-database";
import { createDatabaseFromTemplate, PGLITE_SNAPSHOT_VAR, TEST_DB_PREFIX_VAR } from "./test-database";

// Per test file: a database of its own. Real PostgreSQL (a copy of the migrated
// template) when TEST_DATABASE_URL is set, otherwise an in-memory PGlite.
//
// Most files share one module graph per worker (vitest.config.mts › projects): this file runs
// again before each of them, so each starts from what the worker started with — its
// environment, real timers and globals, the wall clock, no workflow executor — whatever the
// file before it changed and left.
const start = globalThis as typeof globalThis & { __testStartEnv?: Record<string, string | undefined> };
if (start.__testStartEnv) {
  for (const key of Object.keys(process.env)) if (!(key in start.__testStartEnv)) delete process.env[key];
  Object.assign(process.env, start.__testStartEnv);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  installTimeSource(null);
  const leftover = findGlobalExecutor();
  setGlobalExecutor(undefined);
  await leftover?.stop();
} else {
  start.__testStartEnv = { ...process.env };
}

const adminUrl = process.env.TEST_DATABASE_URL;
const prefix = process.env[TEST_DB_PREFIX_VAR];

if (adminUrl && prefix) {
  const name = `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
  process.env.DATABASE_URL = await createDatabaseFromTemplate(adminUrl, `${prefix}_tpl`, name);
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
(process.env as Record<string, string>).NODE_ENV = "test";
resetEnvCache();
const snapshot = process.env[PGLITE_SNAPSHOT_VAR];
if (adminUrl && prefix) {
  // The template is prepared already (testing/global-setup.ts): the copy opens on first use.
} else if (snapshot) {
  await installDatabase(openPglite("memory://", { loadDataDir: new Blob([readFileSync(snapshot)]) }));
} else {
  await prepareDatabase(getDatabase());
}

afterAll(async () => {
  await closeDatabase();
});
