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
