import { describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { BODY_CHUNK, countingBody } from "@/testing/counting-body";

// Stripe sends no credentials, so anyone can post to the webhook. A chunked body declares no
// Content-Length: the handler must count bytes as they arrive and stop at its cap (512 KB),
// not buffer whatever it is sent and measure it afterwards.

const CAP = 512 * 1024;
const context = { params: Promise.resolve({}) };

const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("POST /api/stripe/webhook body cap", () => {
  it("stops reading a 20 MB chunked body shortly after the cap and answers 413 with the error body", async () => {
    const { stream, counter } = countingBody(20_000_000, 0x7b);
    const response = await webhook(post(stream, { "stripe-signature": "t=1,v1=00" }), context);

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large", error: expect.any(String) });
    expect(counter.pulled).toBeLessThan(CAP + 4 * BODY_CHUNK);
  });

  it("does not read the body of a request without a Stripe-Signature header", async () => {
    const { stream, counter } = countingBody(20_000_000, 0x7b);
    const response = await webhook(post(stream, {}), context);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request" });
    expect(counter.pulled).toBeLessThanOrEqual(BODY_CHUNK);
  });
});
