import { formatCount, plural } from "@/components/ui/format";
import { chatLimitErrorSchema } from "@/lib/chat/schemas";

export type ChatNotice = { kind: "limit" | "error"; text: string };

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;

  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const clockTime = (at: Date) => at.toISOString().slice(11, 16);

/**
 * What to tell the person when a chat request fails: for the contract's 429 bodies, which
 * limit was hit and when it resets; otherwise the server's message. The chat client puts
 * the response body (JSON) or the stream's error text in the error message.
 */
export function describeChatError(error: Error, now: Date = new Date()): ChatNotice {
  let body: unknown = null;
  try {
    body = JSON.parse(error.message);
  } catch {
    return { kind: "error", text: error.message || "The answer failed. Please try again." };
  }
  const limit = chatLimitErrorSchema.safeParse(body);
  if (limit.success) {
    const resetsAt = new Date(now.getTime() + limit.data.retry_after * 1000);
    if (limit.data.limit_type === "per_minute") {
      return {
        kind: "limit",
        text: `${limit.data.error}. You can ask again in ${inWords(limit.data.retry_after)} (at ${clockTime(resetsAt)} UTC).`,
      };
    }

    return {
      kind: "limit",
      text: `Today's chat budget is used up (${formatCount(limit.data.used)} of ${plural(limit.data.budget, "token")}). It resets at 00:00 UTC, in ${inWords(limit.data.retry_after)}.`,
    };
  }
  const message = (body as { error?: unknown } | null)?.error;

  return { kind: "error", text: typeof message === "string" ? message : "The answer failed. Please try again." };
}
