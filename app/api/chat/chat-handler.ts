import { route } from "@/lib/endpoints/route";
import { answerChat, type ChatDeps } from "@/lib/chat/answer-chat";
import { chatEndpoint } from "@/lib/chat/endpoints";

/**
 * POST /api/chat through the one route wrapper (access rule `chat`: anonymous callers too,
 * with stricter limits). A factory so tests can run the same handler on a virtual clock.
 */
export function createChatHandler(deps: ChatDeps = {}) {
  return route(chatEndpoint, ({ principal, body, req }) => answerChat({ principal, body, signal: req.signal }, deps));
}
