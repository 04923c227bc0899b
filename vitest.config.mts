import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { isDriverTypeFetchFailure } from "./db/driver-defects";

export default defineConfig({
  resolve: { alias: { "@": new URL(".", import.meta.url).pathname.replace(/\/$/, "") } },
  test: {
    environment: "node",
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**"],
    globalSetup: ["testing/global-setup.ts"],
    setupFiles: ["testing/setup-database.ts"],
    pool: "forks",
    // At least 4 files at once, even on 2 cores: most tests wait on sockets, timers and the
    // database, so one file at a time (Vitest's default there: cores - 1) left the CPU mostly
    // idle (docs/testing.md › Where the time goes).
    maxWorkers: Math.max(4, availableParallelism()),
    // Vite would otherwise set BASE_URL to "/" (its own public base path).
    env: { BASE_URL: "http://localhost:3000" },
    // next-auth imports "next/server" without an extension, which Node's resolver refuses;
    // through Vite's resolver its route handlers and actions run in tests as they do in Next.
    server: { deps: { inline: ["next-auth"] } },
    // The driver's known unhandled rejection when a connection dies while it starts
    // (db/driver-defects.ts): the tests that cut the database cause it; the server logs it.
    onUnhandledError: (error) => !isDriverTypeFetchFailure(error),
    // Generous: on 2 busy cores a file that runs several analyses takes minutes; a timeout here
    // only catches a hang, never measures speed (bench/ does).
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
