import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { emailNotifications, type Job } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { jobUrls } from "@/lib/jobs/job-urls";
import { claimEmailAttempt, settleEmailAttempt } from "@/lib/jobs/record-email-delivery";
import { logger } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { attemptOnce } from "./attempt-once";

export type EmailOutcome = "sent" | "failed" | "none";

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function completionEmail(job: Job) {
  const { report_url: reportUrl } = jobUrls(job.id);
  const subject = `Your StoreLens report for ${job.domain} is ready`;
  const text = [`The analysis of ${job.domain} is complete.`, "", `Read the report: ${reportUrl}`, "", "— StoreLens"].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>The analysis of <strong>${escapeHtml(job.domain)}</strong> is complete.</p>
<p><a href="${escapeHtml(reportUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Read the report</a></p>
<p style="color:#64748b;font-size:13px">Or open ${escapeHtml(reportUrl)}</p>
<p>— StoreLens</p></body></html>`;

  return { subject, text, html };
}

/** Sends the one completion e-mail of a job: one attempt, pending → sent | failed, no retries. */
export function sendCompletionEmail(job: Job): Promise<EmailOutcome> {
  return attemptOnce({
    claim: () => claimEmailAttempt(job.id),
    recorded: async () => (await getDb().select().from(emailNotifications).where(eq(emailNotifications.jobId, job.id)))[0],
    markInterrupted: (id) => settleEmailAttempt(id, { status: "failed", error: "Sending interrupted by a worker stop; not retried" }),
    send: (claimed) => send(job, claimed.email, claimed.id),
  });
}

async function send(job: Job, to: string, notificationId: string): Promise<"sent" | "failed"> {
  try {
    const sent = await sendMail({ to, ...completionEmail(job) });
    await settleEmailAttempt(notificationId, { status: "sent", providerMessageId: sent.providerMessageId });

    return "sent";
  } catch (error) {
    await settleEmailAttempt(notificationId, {
      status: "failed",
      error: boundText(error instanceof Error ? error.message : String(error), MESSAGE_TEXT_MAX),
    });
    logger.warn("completion e-mail failed", { jobId: job.id, error });

    return "failed";
  }
}
