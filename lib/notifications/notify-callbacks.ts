import { getJob } from "@/lib/jobs/get-job";
import { deliverJobWebhook, type WebhookOutcome } from "./deliver-webhook";
import { sendCompletionEmail, type EmailOutcome } from "./send-completion-email";

/** The notify-callbacks step: the job.completed webhook and the completion e-mail, each once. */
export async function notifyCallbacks(jobId: string): Promise<{ webhook: WebhookOutcome; email: EmailOutcome }> {
  const job = await getJob(jobId);
  if (job.status !== "completed") return { webhook: "none", email: "none" };
  const [webhook, email] = await Promise.all([deliverJobWebhook(job), sendCompletionEmail(job)]);

  return { webhook, email };
}
