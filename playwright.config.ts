import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium, testDriverBinary } from "./scripts/find-chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The fake Shopify store's port, known to the server (e2e/support/serve.ts) and to specs that drive it.
process.env.E2E_FAKE_STORE_PORT ??= String(PORT + 1000);

// The server seals mail_outbox bodies with a key derived from AUTH_SECRET; the specs read them
// (e2e/support/mail-outbox.ts) in this process, so both must hold the same secret.
const AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret";
process.env.AUTH_SECRET = AUTH_SECRET;

// The system's Chromium drives the tests (Debian: apt-get install chromium); `npm test` found it
// already and says so in CHROMIUM_PATH. Without one, stop on one line rather than fail every test.
const browser = findChromium();
if (!browser.found) {
  process.stderr.write(`${browser.message}\n`);
  process.exit(1);
}

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  // On CI a test that fails is run once more; one that then passes is reported as flaky, by name,
  // at the end of `npm test` (scripts/test.sh), so a flake is seen without failing the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 60_000,
  // A test that fails on CI is traced when it runs again (test-results/lane-N/…/trace.zip).
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: process.env.CI ? "on-first-retry" : "off" },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: testDriverBinary(browser.path),
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/support/serve.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${PORT}`,
      AUTH_SECRET,
      ALLOW_PRIVATE_NETWORK: "true",
      LOG_LEVEL: "warn",
    },
  },
});
