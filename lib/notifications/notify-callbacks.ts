import { raiseAnalysisAlerts } from "@/lib/alerts";
import { getJob } from "@/lib/jobs/get-job";
import { deliverJobWebhook, type WebhookOutcome } from "./deliver-webhook";
import { sendCompletionEmail, type EmailOutcome } from "./send-completion-email";

/**
 * The notify-callbacks step: the job.completed webhook and the completion e-mail, each once;
 * then the alerts of the store's followers about what this analysis found changed (raised
 * once however often the step runs).
 */
export async function notifyCallbacks(jobId: string): Promise<{ webhook: WebhookOutcome; email: EmailOutcome; alerts: number }> {
  const job = await getJob(jobId);
  if (job.status !== "completed") return { webhook: "none", email: "none", alerts: 0 };
  const [webhook, email] = await Promise.all([deliverJobWebhook(job), sendCompletionEmail(job)]);

  return { webhook, email, alerts: await raiseAnalysisAlerts(job) };
}
