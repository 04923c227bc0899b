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
    // Vite would otherwise set BASE_URL to "/" (its own public base path).
    env: { BASE_URL: "http://localhost:3000" },
    // next-auth imports "next/server" without an extension, which Node's resolver refuses;
    // through Vite's resolver its route handlers and actions run in tests as they do in Next.
    server: { deps: { inline: ["next-auth"] } },
    // The driver's known unhandled rejection when a connection dies while it starts
    // (db/driver-defects.ts): the tests that cut the database cause it; the server logs it.
    onUnhandledError: (error) => !isDriverTypeFetchFailure(error),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
