import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";

/**
 * The configured OpenAI-compatible chat model (hosted APIs and local model servers alike),
 * or the 503 that says chat is not configured. `includeUsage` asks for `usage` in the final
 * streamed chunk: the daily budget is settled from it.
 */
export function getChatModel(): LanguageModel {
  const env = getEnv();
  if (!env.CHAT_BASE_URL) {
    throw new ApiError("chat_not_configured", "Chat is not configured on this server (CHAT_BASE_URL is not set)");
  }
  const provider = createOpenAICompatible({
    name: "chat",
    baseURL: env.CHAT_BASE_URL,
    ...(env.CHAT_API_KEY ? { apiKey: env.CHAT_API_KEY } : {}),
    includeUsage: true,
  });

  return provider.chatModel(env.CHAT_MODEL);
}

export function isChatConfigured(): boolean {
  return Boolean(getEnv().CHAT_BASE_URL);
}
