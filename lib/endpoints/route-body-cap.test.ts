import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "./route";
import { BODY_CHUNK, countingBody } from "@/testing/counting-body";
import { testEndpoint } from "@/testing/test-endpoint";

// A hostile client can send an endless body or lie in Content-Length; the wrapper must stop
// reading at the cap and answer 413 instead of buffering everything first.

const echo = route(testEndpoint({ access: "public", body: z.object({ name: z.string() }) }), async ({ body }) => body);
const context = { params: Promise.resolve({}) };

function post(body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/echo", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("request body cap", () => {
  it("stops reading a 20 MB streamed body shortly after the 1 MB cap and answers 413", async () => {
    const { stream, counter } = countingBody(20_000_000);
    const response = await echo(post(stream), context);

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large" });
    expect(counter.pulled).toBeLessThan(1_000_000 + 4 * BODY_CHUNK);
  });

  it("refuses a declared Content-Length over the cap before reading any of it", async () => {
    const { stream, counter } = countingBody(20_000_000);
    const response = await echo(post(stream, { "content-length": "20000000" }), context);

    expect(response.status).toBe(413);
    // Only what the stream primes itself with before anyone reads.
    expect(counter.pulled).toBeLessThanOrEqual(BODY_CHUNK);
  });

  it("still reads a small body", async () => {
    const response = await echo(post(JSON.stringify({ name: "ok" })), context);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "ok" });
  });
});
