import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { UNREADABLE_BODY } from "./sealed-body";
import { listOutbox, MailDeliveryError, sendMail } from "@/lib/mail";
import { startFakeResend, type FakeResend } from "@/testing/fake-resend";

const message = (to: string) => ({
  to,
  subject: "Reset your password",
  html: '<p><a href="http://localhost:3000/reset-password/SECRET-TOKEN">Reset</a></p>',
  text: "Reset: http://localhost:3000/reset-password/SECRET-TOKEN",
});

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

describe("sendMail without RESEND_API_KEY (log transport)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("records the whole message in the outbox and logs a line without the body", async () => {
    setEnv({ RESEND_API_KEY: undefined, LOG_LEVEL: "info" });
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);

    const sent = await sendMail(message("Log.User@Example.test"));

    const logged = out.mock.calls.map((c) => String(c[0])).join("");
    vi.restoreAllMocks();
    setEnv({ LOG_LEVEL: undefined });
    expect(sent.transport).toBe("log");
    expect(logged).toContain("log.user@example.test");
    expect(logged).toContain(sent.outboxId);
    expect(logged).not.toContain("SECRET-TOKEN");

    const [row] = await listOutbox({ to: "log.user@example.test" });
    expect(row).toMatchObject({
      id: sent.outboxId,
      to: "log.user@example.test",
      subject: "Reset your password",
      transport: "log",
      providerMessageId: null,
    });
    expect(row!.text).toContain("SECRET-TOKEN");
  });

  it("keeps the bodies sealed in the table: the row does not hold the link's token", async () => {
    const sent = await sendMail(message("sealed@example.test"));

    const [stored] = await queryRows<Record<string, unknown>>(getDb(), sql`select * from mail_outbox where id = ${sent.outboxId}`);
    expect(JSON.stringify(stored)).not.toContain("SECRET-TOKEN");
    expect(stored).toMatchObject({ to: "sealed@example.test", subject: "Reset your password" });
    // Sealed with a fresh nonce each time: two equal messages are not equal rows.
    const again = await sendMail(message("sealed@example.test"));
    const [second] = await queryRows<{ text: string }>(getDb(), sql`select text from mail_outbox where id = ${again.outboxId}`);
    expect(second!.text).not.toBe(stored!.text);

    const [read] = await listOutbox({ to: "sealed@example.test", limit: 1 });
    expect(read!.html).toBe(message("x@example.test").html);
  });

  it("reads a body sealed under another AUTH_SECRET as unreadable, not as an error", async () => {
    setEnv({ AUTH_SECRET: "one-secret-of-some-length-1234" });
    await sendMail(message("rotated@example.test"));
    setEnv({ AUTH_SECRET: "another-secret-of-some-length-5678" });
    try {
      const [row] = await listOutbox({ to: "rotated@example.test" });
      expect(row!.text).toBe(UNREADABLE_BODY);
    } finally {
      setEnv({ AUTH_SECRET: undefined });
    }
  });

  it("refuses an invalid recipient before anything is recorded", async () => {
    await expect(sendMail(message("not-an-address"))).rejects.toThrow();
    expect(await listOutbox({ to: "not-an-address" })).toEqual([]);
  });
});

describe("sendMail with RESEND_API_KEY (Resend transport against a fake on loopback)", () => {
  let resend: FakeResend;

  beforeAll(async () => {
    resend = await startFakeResend("re_test_123");
    setEnv({ RESEND_API_KEY: "re_test_123", RESEND_BASE_URL: resend.baseUrl, MAIL_FROM: "StoreLens <mail@storelens.test>" });
  });

  afterAll(async () => {
    setEnv({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined, MAIL_FROM: undefined });
    await resend.close();
  });

  it("posts to /emails with the bearer key and records the provider id", async () => {
    const sent = await sendMail(message("resend.user@example.test"));

    expect(sent.transport).toBe("resend");
    const request = resend.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", url: "/emails", authorization: "Bearer re_test_123" });
    expect(request.body).toMatchObject({
      from: "StoreLens <mail@storelens.test>",
      to: "resend.user@example.test",
      subject: "Reset your password",
    });
    expect(String(request.body.text)).toContain("SECRET-TOKEN");

    const [row] = await listOutbox({ to: "resend.user@example.test" });
    expect(row).toMatchObject({ transport: "resend", providerMessageId: sent.providerMessageId });
    expect(sent.providerMessageId).toMatch(/^email_/);
  });

  it("turns a Resend error answer (which does not throw) into MailDeliveryError", async () => {
    resend.failNext(422, "validation_error", "The to address is invalid");

    await expect(sendMail(message("refused@example.test"))).rejects.toBeInstanceOf(MailDeliveryError);
    // Handed to the transport, so it is in the outbox, without a provider id.
    const [row] = await listOutbox({ to: "refused@example.test" });
    expect(row).toMatchObject({ transport: "resend", providerMessageId: null });
  });

  it("fails clearly when the Resend endpoint cannot be reached", async () => {
    setEnv({ RESEND_BASE_URL: "http://127.0.0.1:9" });
    await expect(sendMail(message("unreachable@example.test"))).rejects.toBeInstanceOf(MailDeliveryError);
    setEnv({ RESEND_BASE_URL: resend.baseUrl });
  });
});
