/**
 * The browser tests' server (e2e/support/serve.ts) for the page benchmarks (bench/lighthouse.ts,
 * bench/page-js.ts), with the environment playwright.config.ts gives it: the last `next build`
 * behind server.ts, a throwaway database, the fake Shopify store and the public site seeded by
 * e2e/support/seed-public-site.ts. Resolves once the store page, its report and a blog post answer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "@/testing/free-port";

export type PublicSiteServer = { origin: string; stop: () => void };

export async function startPublicSiteServer(bench: string): Promise<PublicSiteServer> {
  if (!existsSync(".next/BUILD_ID")) throw new Error(`${bench} measures the production server: run \`npx next build\` first`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const answers = (path: string) =>
    fetch(`${origin}${path}`, { redirect: "manual" }).then(
      (r) => r.status === 200,
      () => false,
    );
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "e2e/support/serve.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: origin,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      ALLOW_PRIVATE_NETWORK: "true",
      LOG_LEVEL: "warn",
      E2E_FAKE_STORE_PORT: String(await freePort()),
      E2E_FAKE_MODEL_PORT: String(await freePort()),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => void child.kill("SIGTERM");
  try {
    // Up once its health answers; seeded once the store page, its report and a blog post exist.
    const deadline = Date.now() + 180_000;
    for (const path of ["/api/health", "/stores/published-shop-test", "/reports/published-shop-test"]) {
      while (!(await answers(path))) {
        if (child.exitCode !== null) throw new Error("the server exited during start-up");
        if (Date.now() > deadline) throw new Error(`${path} did not answer within three minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    while (!(await fetch(`${origin}/blog`).then((r) => r.text())).includes('href="/blog/')) {
      if (Date.now() > deadline) throw new Error("the blog post was not published within three minutes");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    stop();
    throw error;
  }

  return { origin, stop };
}
