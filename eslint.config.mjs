import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers of docs/folders.md, as import rules. An arrow may only point down:
//   app, components → lib → db;  inngest → lib;  server → lib, inngest.
// lib/http is the floor every domain stands on; lib/endpoints (route wrapper, OpenAPI) is the
// roof that only app/ reads. Test code (testing/, e2e/, bench/, *.test.ts) may import anything,
// and nothing that ships imports it (CONTRIBUTING: "Test code never ships").
const SHIPPED = [
  "./app",
  "./components",
  "./db",
  "./lib",
  "./server",
  "./inngest",
  "./server.ts",
  "./instrumentation-client.ts",
  "./next.config.ts",
];
const TEST_CODE = "Test code never ships: fakes, fixtures and harnesses live in testing/, and only tests, e2e/ and bench/ import them.";
const layers = {
  files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
  ignores: ["**/*.test.ts", "testing/**", "e2e/**", "bench/**"],
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            target: SHIPPED,
            from: ["./testing", "./e2e", "./bench"],
            message: TEST_CODE,
          },
          {
            target: SHIPPED,
            from: ["./**/*.test.ts", "./**/*.test.tsx"],
            message: TEST_CODE,
          },
          {
            target: "./db",
            from: ["./lib", "./app", "./components", "./inngest", "./server"],
            message: "db/ is the bottom layer: it imports nothing of ours.",
          },
          {
            target: "./lib",
            from: ["./app", "./components", "./inngest", "./server"],
            message: "lib/ may import lib/ and db/ only; the workflow engine is lib/workflow.",
          },
          {
            target: "./lib/!(endpoints)/**/*",
            from: "./lib/endpoints",
            message: "lib/endpoints is the roof (route wrapper, OpenAPI) for app/ only; shared pieces live in lib/http.",
          },
          {
            target: "./lib/http",
            from: "./lib/!(http)/**/*",
            message: "lib/http is the floor every domain stands on: it imports no domain.",
          },
          {
            // Every job is admitted (and charged) in one place; nothing else writes one.
            target: [
              "./app/**/*",
              "./components/**/*",
              "./inngest/**/*",
              "./server/**/*",
              "./lib/!(billing)/**/*",
              "./lib/billing/*.ts",
              "./lib/billing/!(admission)/**/*",
              "./lib/billing/admission/!(admit-job).ts",
            ],
            from: "./lib/jobs/create-job.ts",
            message: "Start a job through admitJob (lib/billing/admission/admit-job.ts): it decides who pays.",
          },
          {
            target: "./components",
            from: ["./app", "./db", "./inngest", "./server"],
            message: "Components read through lib/.",
          },
          {
            // app/api/inngest serves the Inngest functions; everything else goes through lib/.
            target: "./app",
            from: ["./db", "./server"],
            message: "Pages and routes read through lib/.",
          },
          {
            target: "./inngest",
            from: ["./app", "./components", "./server", "./db"],
            message: "Inngest functions call lib/ (one step, one lib function).",
          },
          {
            target: "./server",
            from: ["./app", "./components"],
            message: "The custom server starts lib/ and the Inngest functions; pages are Next's.",
          },
        ],
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "test-results/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  layers,
  {
    // House style: route files are adapters; data access lives in lib/ and db/.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "Query through lib/<domain>, not from app/." }],
          patterns: [{ group: ["@/db", "@/db/*"], message: "Query through lib/<domain>, not from app/." }],
        },
      ],
    },
  },
];

export default config;
