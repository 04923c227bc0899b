import { z } from "zod";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { typedEmailAddressSchema } from "./email-address";
import { recordOutboxMessage, setOutboxProviderMessageId, type MailTransportName } from "./outbox";
import { logTransport, resendTransport, type MailTransport } from "./transports";

export const mailMessageSchema = z.object({
  to: typedEmailAddressSchema,
  subject: z.string().min(1).max(300),
  html: z.string().min(1),
  text: z.string().min(1),
});

export type MailMessage = z.input<typeof mailMessageSchema>;

export type SentMail = {
  /** The mail_outbox row of this message. */
  outboxId: string;
  transport: MailTransportName;
  providerMessageId: string | null;
};

/** Resend when RESEND_API_KEY is set, the log otherwise (docs/decisions.md §3.1). */
export function currentTransport(): MailTransport {
  const env = getEnv();

  return env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY, env.RESEND_BASE_URL) : logTransport;
}

/**
 * THE way StoreLens sends e-mail. Every message is recorded in mail_outbox before it is
 * handed to the transport, so tests and the embedded mode can read it. Throws
 * MailDeliveryError when the transport refuses it (callers decide whether that fails them).
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const parsed = mailMessageSchema.parse(message);
  const transport = currentTransport();
  const outboxId = await recordOutboxMessage({ ...parsed, transport: transport.name });
  const providerMessageId = await transport.send({ from: getEnv().MAIL_FROM, ...parsed }, outboxId);
  if (providerMessageId) await setOutboxProviderMessageId(outboxId, providerMessageId);

  return { outboxId, transport: transport.name, providerMessageId };
}

/**
 * Records the message now and hands it to the transport in the background. For mail whose
 * sending must not show in the answer (account mail: whether the provider was called, how
 * long it took or whether it failed would tell who has an account). Failures are logged.
 */
export async function queueMail(message: MailMessage): Promise<{ outboxId: string }> {
  const parsed = mailMessageSchema.parse(message);
  const transport = currentTransport();
  const outboxId = await recordOutboxMessage({ ...parsed, transport: transport.name });
  void transport
    .send({ from: getEnv().MAIL_FROM, ...parsed }, outboxId)
    .then((providerMessageId) => (providerMessageId ? setOutboxProviderMessageId(outboxId, providerMessageId) : undefined))
    .catch((error: unknown) => logger.error("queued mail not delivered", { outbox_id: outboxId, error: (error as Error).message }));

  return { outboxId };
}
