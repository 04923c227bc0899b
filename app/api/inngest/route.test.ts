import type { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST, PUT } from "./route";

describe("/api/inngest in embedded mode", () => {
  it("is not reachable from outside: the executor calls the functions in-process", async () => {
    const call = { event: { name: "store/analysis.requested", data: { jobId: "x", concurrencyKey: "k" } }, steps: {}, ctx: {} };
    const response = await POST(
      new Request("http://localhost:3000/api/inngest?fnId=storelens-analyze-store&stepId=step", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(call),
      }) as NextRequest,
      undefined as never,
    );
    expect(response.status).toBe(404);
    const sync = await PUT(new Request("http://localhost:3000/api/inngest", { method: "PUT" }) as NextRequest, undefined as never);
    expect(sync.status).toBe(404);
  });
});
