import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { briefError, LOG_TEXT_MAX, logger } from "./log";
import { consoleLogger } from "./workflow/embedded/logger";

/** Everything the logger writes while `fn` runs, from both streams. */
async function captureLogs(fn: () => Promise<void> | void): Promise<string> {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(String(chunk));

    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(keep);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(keep);
  try {
    await fn();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }

  return lines.join("");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("logger: secrets never reach the logs", () => {
  it("logs a failed drizzle query without the values bound to it", async () => {
    const sessionToken = randomBytes(32).toString("base64url");
    const password = "correct horse battery staple";
    const failure = await getDb()
      .execute(sql`select 1 / 0 where ${sessionToken} <> ${password}`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(sessionToken); // the raw error does carry it

    const output = await captureLogs(() => logger.error("query failed", { error: failure }));

    expect(output).toContain("query failed");
    expect(output).toContain("division by zero");
    expect(output).not.toContain(sessionToken);
    expect(output).not.toContain(password);
  });

  it("scrubs the workflow executor's lines too (step errors are logged there whole)", async () => {
    const apiKey = `sl_${randomBytes(32).toString("base64url")}`;
    const failure = await getDb()
      .execute(sql`select 1 / 0 where ${apiKey} <> ''`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const output = await captureLogs(() => consoleLogger().error("Inngest step error", failure));

    expect(output).toContain("[workflow] Inngest step error");
    expect(output).toContain("division by zero");
    expect(output).not.toContain(apiKey);
  });

  it("drops query strings of URLs, header values and token-shaped strings in messages and fields", async () => {
    const apiKey = `sl_${randomBytes(32).toString("base64url")}`;
    const session = randomBytes(32).toString("base64url");
    const output = await captureLogs(() => {
      logger.warn(`fetch https://shop.example/cart.js?token=reset-abc123 failed`, {
        url: "https://shop.example/account/reset?code=s3cr3t-code&id=1",
        request:
          "GET /api/jobs\ncookie: authjs.session-token=cookie-value-1\nauthorization: Bearer bearer-value-2\nPAYMENT-SIGNATURE: v2-payment-proof",
        note: `key ${apiKey} and session ${session}`,
        headers: { Cookie: "a=b", "X-Payment": "payment-proof", "Payment-Signature": "v2-header-proof" },
      });
    });

    expect(output).toContain("https://shop.example/cart.js?[redacted]");
    expect(output).toContain("https://shop.example/account/reset?[redacted]");
    for (const secret of [
      "reset-abc123",
      "s3cr3t-code",
      "cookie-value-1",
      "bearer-value-2",
      apiKey,
      session,
      "payment-proof",
      "v2-payment-proof",
      "v2-header-proof",
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it("hides Web Bot Auth header values (a store's own signature is a credential) in text and in fields", async () => {
    const sig = "sig1=:c2lnbmF0dXJlLXZhbHVlLW9mLXRoZS1zdG9yZQ==:";
    const input = 'sig1=("@authority" "signature-agent");created=1767225600;expires=1774915200;keyid="owner-key-id-77"';
    const agent = '"https://agent.example/owner-agent"';
    const output = await captureLogs(() => {
      logger.warn(`store request failed\nSignature: ${sig}\nSignature-Input: ${input}\nsignature-agent: ${agent}`, {
        headers: { Signature: sig, "Signature-Input": input, "Signature-Agent": agent },
        signatureInput: input,
      });
    });

    expect(output).toContain("store request failed");
    for (const secret of ["c2lnbmF0dXJl", "owner-key-id-77", "owner-agent", "1774915200"]) {
      expect(output).not.toContain(secret);
    }
  });

  it("cuts a store's long text in a message, a field or an error to a bounded length", async () => {
    const header = `text/html; ${"x".repeat(40_000)}`;
    const output = await captureLogs(() =>
      logger.warn(`store answered ${header}`, { contentType: header, error: new Error(`expected JSON, got ${header}`) }),
    );

    expect(output).toContain("store answered text/html; xxx");
    expect(output).toContain('"contentType":"text/html; xxx');
    expect(output).toContain("expected JSON, got text/html; xxx");
    expect(output.length).toBeLessThan(6 * LOG_TEXT_MAX);
  });

  it("keeps what an operator needs: job ids, paths, plain messages", async () => {
    const jobId = crypto.randomUUID();
    const output = await captureLogs(() => logger.error(`job ${jobId} failed at /products.json`, { jobId, status: 503 }));

    expect(output).toContain(`job ${jobId} failed at /products.json`);
    expect(output).toContain(`"jobId":"${jobId}"`);
    expect(output).toContain('"status":503');
  });

  it("cuts an error to one short line after scrubbing it: a token at the cut is dropped, not half kept", () => {
    const token = randomBytes(32).toString("base64url");
    const brief = briefError(new Error(`${"x".repeat(280)} ${token} ${"y".repeat(500)}`), 300);

    expect(brief.length).toBeLessThanOrEqual(301);
    expect(brief.startsWith("Error: xxx")).toBe(true);
    expect(brief).toContain("[redacted]");
    expect(brief).not.toContain(token.slice(0, 12));
  });
});
