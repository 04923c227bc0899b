import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { isDriverTypeFetchFailure } from "./db/driver-defects";
import SlowFirstSequencer from "./testing/slow-first-sequencer";

const root = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
const EXCLUDE = ["node_modules/**", ".next/**", "e2e/**", ".data/**"];
// Files that run in a process of their own (see `projects` below): they mock modules (a shared
// module graph has the real ones loaded already), or own process-wide things — browsers, child
// processes, the workflow executor, signals, the database driver's connections (a database cut
// away and back). lib/chat passes in the shared graph, but the one run with it there also saw
// lib/health/database-away.test.ts fail once (it passed alone): both stay apart until understood.
const OWN_PROCESS = [
  "db/**/*.test.ts",
  "server/**/*.test.ts",
  "inngest/**/*.test.ts",
  "lib/render/**/*.test.ts",
  "lib/workflow/**/*.test.ts",
  "lib/realtime/**/*.test.ts",
  "lib/mcp/**/*.test.ts",
  "lib/chat/**/*.test.ts",
  "lib/health/database-away.test.ts",
  "lib/auth/auth-origin.test.ts",
  "lib/auth/no-enumeration.test.ts",
];

/** What both projects share. */
const common = {
  environment: "node" as const,
  globalSetup: ["testing/global-setup.ts"],
  setupFiles: ["testing/setup-database.ts"],
  pool: "forks" as const,
  // Vite would otherwise set BASE_URL to "/" (its own public base path).
  env: { BASE_URL: "http://localhost:3000" },
  // next-auth imports "next/server" without an extension, which Node's resolver refuses;
  // through Vite's resolver its route handlers and actions run in tests as they do in Next.
  server: { deps: { inline: ["next-auth"] } },
  // Generous: on 2 busy cores a file that runs several analyses takes minutes; a timeout here
  // only catches a hang, never measures speed (bench/ does).
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    // At least 4 files at once, even on 2 cores: most tests wait on sockets, timers and the
    // database, so one file at a time (Vitest's default there: cores - 1) left the CPU mostly
    // idle (docs/testing.md › Where the time goes).
    maxWorkers: Math.max(4, availableParallelism()),
    // The slowest files first, so that none of them starts last and holds the run up alone.
    sequence: { sequencer: SlowFirstSequencer },
    // The driver's known unhandled rejection when a connection dies while it starts
    // (db/driver-defects.ts): the tests that cut the database cause it; the server logs it.
    onUnhandledError: (error) => !isDriverTypeFetchFailure(error),
    // Most files share one module graph per worker: importing the schema, drizzle and the
    // catalog afresh was most of a light file's time (docs/testing.md › Where the time goes).
    // testing/setup-database.ts still gives each file its own database and the worker's
    // starting environment back.
    projects: [
      {
        resolve: { alias: { "@": root } },
        test: { ...common, name: "shared", isolate: false, include: ["**/*.test.ts"], exclude: [...EXCLUDE, ...OWN_PROCESS] },
      },
      {
        resolve: { alias: { "@": root } },
        test: { ...common, name: "own-process", isolate: true, include: OWN_PROCESS, exclude: EXCLUDE },
      },
    ],
  },
});
