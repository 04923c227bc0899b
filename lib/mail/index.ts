export { sendMail, queueMail, mailMessageSchema, type MailMessage, type SentMail } from "./send-mail";
export { listOutbox, type OutboxMessage, type ListOutboxOptions } from "./outbox";
export { MailDeliveryError } from "./transports";
