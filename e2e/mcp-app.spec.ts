import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect, test } from "@playwright/test";
import { build } from "esbuild";
import { signUp, uniqueEmail } from "./support/accounts";

/**
 * The report card MCP App as an MCP Apps host shows it: an agent's MCP client analyzes a store,
 * reads get_report and the ui:// resource its _meta names; a tiny host page on another origin
 * loads that HTML into a sandboxed iframe (scripts only, no same origin) at phone width and hands
 * it the tool result through the extension SDK's own AppBridge over postMessage. The card shows
 * the store's name and apps, and the page does not scroll sideways.
 */

test.use({ viewport: { width: 390, height: 844 } });

const HOST_ORIGIN = "http://mcp-host.test";

/** The ext-apps SDK's host side (AppBridge, PostMessageTransport) bundled for the browser. */
async function hostBridgeScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: `import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
        Object.assign(window, { AppBridge, PostMessageTransport });`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });

  return bundled.outputFiles[0]!.text;
}

test("an MCP Apps host renders get_report's result as the report card, at 390 px", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail("mcp-app"));
  const created = await page.request.post("/api/api-keys", { data: { name: "app host" }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const client = new Client({ name: "e2e-app-host", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  let html: string;
  let toolResult: Record<string, unknown>;
  let report: { store: { name: string | null; domain: string }; metadata: { apps?: { value: { name: string }[] } } };
  try {
    const { tools } = await client.listTools();
    const uiUri = (tools.find((tool) => tool.name === "get_report")?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    expect(uiUri).toBe("ui://storelens/report-card");

    const analyzed = await client.callTool(
      { name: "analyze_store", arguments: { domain: "mcp-app.test" } },
      { onprogress: () => {}, resetTimeoutOnProgress: true, timeout: 120_000 },
    );
    const { job } = analyzed.structuredContent as { job: { id: string; status: string } };
    expect(job.status).toBe("completed");
    toolResult = (await client.callTool({ name: "get_report", arguments: { id: job.id, per_page: 5 } })) as Record<string, unknown>;
    report = toolResult.structuredContent as typeof report;

    const { contents } = await client.readResource({ uri: uiUri! });
    expect(contents[0]?.mimeType).toBe("text/html;profile=mcp-app");
    html = (contents[0] as { text: string }).text;
  } finally {
    await client.close();
  }
  const apps = (report.metadata.apps?.value ?? []).map((app) => app.name);
  expect(apps).toEqual(expect.arrayContaining(["Klaviyo"]));

  // The host: another origin, the app in an iframe allowed to run scripts and nothing else.
  const bridge = await hostBridgeScript();
  await page.route(`${HOST_ORIGIN}/`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1">
        <style>body{margin:0}iframe{display:block;width:100%;height:1200px;border:0}</style>
        <iframe sandbox="allow-scripts" title="StoreLens report card"></iframe><script>${bridge.replace(/<\/script/gi, "<\\/script")}</script>`,
    }),
  );
  await page.goto(`${HOST_ORIGIN}/`);
  await page.evaluate(
    async ({ html, toolResult }) => {
      type Bridge = {
        oninitialized?: () => void;
        connect(transport: unknown): Promise<void>;
        sendToolInput(params: unknown): Promise<void>;
        sendToolResult(params: unknown): Promise<void>;
      };
      const sdk = window as unknown as {
        AppBridge: new (client: null, info: unknown, capabilities: unknown) => Bridge;
        PostMessageTransport: new (target: Window, source: Window) => unknown;
      };
      const iframe = document.querySelector("iframe")!;
      const view = iframe.contentWindow!;
      const host = new sdk.AppBridge(null, { name: "e2e-host", version: "1.0.0" }, {});
      host.oninitialized = () => {
        void host.sendToolInput({ arguments: {} }).then(() => host.sendToolResult(toolResult));
      };
      // Listening before the view loads, as a host must: its first message is ui/initialize.
      await host.connect(new sdk.PostMessageTransport(view, view));
      iframe.srcdoc = html;
    },
    { html, toolResult },
  );

  const card = page.frameLocator("iframe");
  await expect(card.getByRole("heading", { level: 1 })).toHaveText(report.store.name ?? report.store.domain);
  for (const app of apps) await expect(card.getByRole("listitem").filter({ hasText: app }).first()).toBeVisible();
  await expect(card.getByText("Key figures")).toBeVisible();

  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  const widths = await frame.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.client).toBe(390);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
