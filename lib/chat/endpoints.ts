import { defineEndpoint } from "@/lib/http/define-endpoint";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { chatAnswerSchema, chatBodySchema, chatDailyLimitSchema, chatPerMinuteLimitSchema } from "./schemas";

export const chatEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/chat",
  access: "chat",
  operationId: "chat",
  tag: "chat",
  summary:
    "Ask about a store; answered from StoreLens data (JSON, or server-sent events with stream: true). Metered: 429 per minute or per day",
  body: chatBodySchema,
  answers: {
    200: { schema: chatAnswerSchema, content: { "text/event-stream": { schema: { type: "string", description: "with stream: true" } } } },
    400: "error",
    404: "error",
    429: { schema: [chatPerMinuteLimitSchema, chatDailyLimitSchema, rateLimitedBodySchema] },
    502: "error",
    504: "error",
  },
});
