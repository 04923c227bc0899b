import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

/**
 * An agent's MCP client against the production server (the custom server, Next's route handler,
 * the durable executor), in both protocol revisions: it lists the tools, starts an analysis with a
 * progressToken, receives progress notifications while the job runs (streamed through the real
 * server, not buffered to the end) and gets the finished job, then reads its report.
 */
for (const revision of ["2025-11-25", "2026-07-28"] as const) {
  test(`an MCP ${revision} client analyzes a store with progress and reads the report`, async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    await signUp(page, uniqueEmail(`mcp-${revision.slice(0, 4)}`));
    const created = await page.request.post("/api/api-keys", { data: { name: `agent ${revision}` }, headers: { origin: baseURL! } });
    expect(created.status()).toBe(201);
    const { key } = (await created.json()) as { key: string };

    const client = new Client(
      { name: "e2e-agent", version: "1.0.0" },
      revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {},
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["analyze_store", "get_report", "get_job_status"]));

      const domain = `mcp-${revision.slice(0, 4)}.test`;
      const progress: number[] = [];
      // What the job's status endpoint said when the first notification arrived: streamed as the
      // job ran, it is not yet completed; held back to the end of the call, it would be.
      let statusAtFirst: Promise<string> | undefined;
      const result = await client.callTool(
        { name: "analyze_store", arguments: { domain } },
        {
          onprogress: ({ progress: value }) => {
            progress.push(value);
            statusAtFirst ??= page.request
              .get(`/api/jobs?domain=${domain}`)
              .then(async (answer) => ((await answer.json()) as { job: { status: string } }).job.status);
          },
          resetTimeoutOnProgress: true,
          timeout: 120_000,
        },
      );
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      const { job } = result.structuredContent as { job: { id: string; status: string; domain: string } };
      expect(job).toMatchObject({ domain, status: "completed" });

      // Several advances, strictly increasing, ending at the total.
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(new Set(progress).size).toBe(progress.length);
      expect(progress.at(-1)).toBe(100);
      expect(await statusAtFirst).not.toBe("completed");

      const report = await client.callTool({ name: "get_report", arguments: { id: job.id, per_page: 5 } });
      expect(report.isError ?? false).toBe(false);
      expect(report.structuredContent).toMatchObject({ job: { id: job.id }, products_pagination: { per_page: 5 } });
    } finally {
      await client.close();
    }
  });
}

/** POST /api/mcp (initialize) to the production server with the Host and Origin given, as a rebound browser sends them. */
function initializeAs(baseURL: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "rebinding-e2e", version: "1.0.0" } },
  });

  return new Promise((resolve, reject) => {
    const req = request(
      new URL("/api/mcp", baseURL),
      { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => (text += part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject).end(body);
  });
}

// The Host a route handler sees is the one the client sent, through the custom server and Next.
test("DNS rebinding: the production server refuses a foreign Host or Origin on /api/mcp, and serves its own name", async ({ baseURL }) => {
  const own = new URL(baseURL!).host;

  const rebound = await initializeAs(baseURL!, { host: "evil.example.com", origin: "http://evil.example.com" });
  expect(rebound.status, rebound.body).toBe(403);
  expect(JSON.parse(rebound.body)).toMatchObject({ code: "forbidden", reason: "host_not_allowed" });
  const foreignPage = await initializeAs(baseURL!, { host: own, origin: "https://evil.example.com" });
  expect(foreignPage.status, foreignPage.body).toBe(403);
  expect(JSON.parse(foreignPage.body)).toMatchObject({ code: "forbidden", reason: "origin_not_allowed" });

  const served = await initializeAs(baseURL!, { host: own });
  expect(served.status, served.body).toBe(200);
});
