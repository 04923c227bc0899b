import { Resend } from "resend";
import { logger } from "@/lib/log";
import type { MailTransportName } from "./outbox";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string };

export type MailTransport = {
  name: MailTransportName;
  /** Hands the message over; resolves to the provider's message id, if any. */
  send(message: OutgoingMail, outboxId: string): Promise<string | null>;
};

/** Raised when a transport refuses a message; the message names no secret. */
export class MailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

/**
 * The embedded-mode transport: one log line per message. The body may hold a secret
 * (a password-reset link), so it is never logged; read it with listOutbox (mail_outbox keeps it sealed).
 */
export const logTransport: MailTransport = {
  name: "log",
  async send(message, outboxId) {
    logger.info("mail recorded (log transport; body in mail_outbox)", {
      to: message.to,
      subject: message.subject,
      outbox_id: outboxId,
    });

    return null;
  },
};

export function resendTransport(apiKey: string, baseUrl?: string): MailTransport {
  return {
    name: "resend",
    async send(message) {
      const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
      let result: Awaited<ReturnType<typeof client.emails.send>>;
      try {
        result = await client.emails.send(message);
      } catch (error) {
        throw new MailDeliveryError(`Resend request failed: ${(error as Error).message}`);
      }
      // Resend answers API errors as { data: null, error } instead of throwing.
      if (result.error) {
        throw new MailDeliveryError(`Resend refused the message: ${result.error.name}: ${result.error.message}`);
      }

      return result.data?.id ?? null;
    },
  };
}
