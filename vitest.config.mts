import { defineConfig } from "vitest/config";

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
