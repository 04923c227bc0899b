/**
 * The standalone fake store (testing/fake-store/cli.ts, `npm run fake-store`) in a child process
 * on a free port, driven through its control API. Benchmarks use it so the fake store's own CPU
 * (JSON generation) and memory (catalogs, multi-MB answers) stay out of the process they measure.
 */
import { spawn } from "node:child_process";
import type { RequestLogEntry, StoreDefinition, StoreSummary } from "./fake-store";
import { freePort } from "./free-port";

export type FakeStoreProcess = {
  origin: string;
  /** SHOP_RESOLVE value sending every `*.test` and `*.myshopify.com` host to the child. */
  shopResolve: string;
  pid: number;
  add(definition: StoreDefinition): Promise<StoreSummary>;
  summary(domain: string): Promise<StoreSummary>;
  /** Clears the store's counters and request log. */
  reset(domain: string): Promise<StoreSummary>;
  log(domain: string): Promise<RequestLogEntry[]>;
  stop(): Promise<void>;
};

/** Resolves once the child listens; rejects if it exits first. */
export async function startFakeStoreProcess(): Promise<FakeStoreProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "testing/fake-store/cli.ts"], {
    env: { ...process.env, FAKE_STORE_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("fake Shopify stores on") && resolve());
    child.once("exit", (code) => reject(new Error(`fake store exited (${code})`)));
  });
  // Keep draining its banner and logs so a full pipe never blocks the child.
  child.stdout.resume();
  const origin = `http://127.0.0.1:${port}`;
  const control = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${origin}/__fake/stores${path}`, init);
    if (!response.ok) throw new Error(`fake store control ${path}: HTTP ${response.status}`);

    return response.json() as Promise<Record<string, unknown>>;
  };
  const store = (path: string, init?: RequestInit) => control(path, init).then((body) => body.store as StoreSummary);

  return {
    origin,
    shopResolve: `*.test=${origin},*.myshopify.com=${origin}`,
    pid: child.pid!,
    add: (definition) => store("", { method: "POST", body: JSON.stringify(definition) }),
    summary: (domain) => store(`/${encodeURIComponent(domain)}`),
    reset: (domain) => store(`/${encodeURIComponent(domain)}/reset`, { method: "POST" }),
    log: async (domain) => (await control(`/${encodeURIComponent(domain)}/log`)).log as RequestLogEntry[],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
