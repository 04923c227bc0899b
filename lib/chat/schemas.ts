import { z } from "zod";
import { storeSlugSchema } from "@/lib/store-domain/schemas";

/** Characters of conversation sent to the model; older turns are dropped past it. */
export const MAX_CONVERSATION_CHARS = 12_000;
const MAX_MESSAGE_CHARS = 4_000;

/** A message as scripts write it. */
const plainMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(MAX_MESSAGE_CHARS),
});

/**
 * A message as the browser's chat client (AI SDK UI messages) sends it. Only text parts are
 * read: tool parts of earlier answers are the client's copy and are never trusted as data.
 */
const uiMessageSchema = z.object({
  id: z.string().max(200).optional(),
  role: z.enum(["user", "assistant"]),
  parts: z.array(z.looseObject({ type: z.string().max(100), text: z.string().max(20_000).optional() })).max(100),
});

export const chatBodySchema = z
  .object({
    messages: z
      .array(z.union([plainMessageSchema, uiMessageSchema]))
      .min(1)
      .max(100)
      .describe(
        `The conversation so far, oldest first (roles: user, assistant). The last message must be the user's question: role user, with text (content, or the text parts), at most ${MAX_MESSAGE_CHARS} characters; otherwise 400 naming body.messages.`,
      ),
    store: storeSlugSchema.optional().describe("Slug of the store the conversation is about (as in /api/stores/:slug)."),
    stream: z
      .boolean()
      .optional()
      .describe("true: answer as a server-sent event stream (AI SDK UI message stream); default: one JSON answer."),
  })
  .superRefine((body, ctx) => {
    const last = body.messages.at(-1);
    if (!last || last.role !== "user" || messageText(last).trim() === "") {
      ctx.addIssue({ code: "custom", path: ["messages"], message: "The last message must be the user's question, with text" });
    }
    if (messageText(last ?? { role: "user", content: "" }).length > MAX_MESSAGE_CHARS) {
      ctx.addIssue({ code: "custom", path: ["messages"], message: `A question is at most ${MAX_MESSAGE_CHARS} characters` });
    }
  });
export type ChatBody = z.infer<typeof chatBodySchema>;

export type ChatTurn = { role: "user" | "assistant"; text: string };

export function messageText(message: z.infer<typeof plainMessageSchema> | z.infer<typeof uiMessageSchema>): string {
  if ("content" in message) return message.content;

  return message.parts
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text)
    .join("");
}

/** The turns the model sees: text only, newest kept, at most MAX_CONVERSATION_CHARS in all. */
export function toChatTurns(messages: ChatBody["messages"]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let chars = 0;
  for (const message of [...messages].reverse()) {
    const text = messageText(message).slice(0, MAX_MESSAGE_CHARS);
    if (text.trim() === "") continue;
    if (chars + text.length > MAX_CONVERSATION_CHARS && turns.length > 0) break;
    chars += text.length;
    turns.unshift({ role: message.role, text });
  }
  // A conversation starts with the user: a leading assistant turn would be a dangling answer.
  while (turns[0]?.role === "assistant") turns.shift();

  return turns;
}

export const chatAnswerSchema = z.object({
  message: z.object({ role: z.literal("assistant"), content: z.string() }),
  store: z.string().nullable().describe("Slug of the store the answer is about"),
  tools: z.array(z.object({ name: z.string(), ok: z.boolean() })).describe("Tools the model called, in order"),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int(), total_tokens: z.number().int() }),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

export const chatPerMinuteLimitSchema = z.object({
  error: z.string(),
  code: z.literal("rate_limited"),
  limit_type: z.literal("per_minute"),
  retry_after: z.number().int().describe("Seconds until the sliding 60-second window has room"),
});

export const chatDailyLimitSchema = z.object({
  error: z.string(),
  code: z.literal("rate_limited"),
  limit_type: z.literal("daily_tokens"),
  budget: z.number().int().describe("Tokens per UTC day (input + output)"),
  used: z.number().int().describe("Tokens counted today, including those held by requests still running"),
  retry_after: z.number().int().describe("Seconds until the budget resets at 00:00 UTC"),
});

export const chatLimitErrorSchema = z.union([chatPerMinuteLimitSchema, chatDailyLimitSchema]);
export type ChatLimitError = z.infer<typeof chatLimitErrorSchema>;
