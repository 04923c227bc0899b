import { defineEndpoint } from "@/lib/http/define-endpoint";
import { ipCooldownBodySchema } from "@/lib/limits/schemas";
import { chatAnswerSchema, chatBodySchema, chatDailyLimitSchema, chatPerMinuteLimitSchema } from "./schemas";

export const chatEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/chat",
  access: "chat",
  operationId: "chat",
  tag: "chat",
  summary:
    "Ask about a store; answered from StoreLens data (JSON, or server-sent events with stream: true). Metered: 429 per minute or per day",
  description:
    "The body's last message must be the user's question (role user, non-empty text of at most 4,000 characters); anything else is 400 on body.messages. Older turns past 12,000 characters of conversation are dropped before the model sees them. 404 when `store` names no analyzed store; 502 or 504 when the model fails or times out. 429 per limit_type: per_minute (requests in a sliding minute), daily_tokens (the day's token budget, with budget and used), ip_cooldown (the address's cooldown window).",
  body: chatBodySchema,
  answers: {
    200: { schema: chatAnswerSchema, content: { "text/event-stream": { schema: { type: "string", description: "with stream: true" } } } },
    400: "error",
    404: "error",
    // One shape per limit_type, so a 429 body matches exactly one of them.
    429: { schema: [chatPerMinuteLimitSchema, chatDailyLimitSchema, ipCooldownBodySchema] },
    502: "error",
    504: "error",
  },
});
