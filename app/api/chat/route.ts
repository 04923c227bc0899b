import { createChatHandler } from "./chat-handler";

// POST /api/chat – a metered question about a store, answered from StoreLens data (JSON or SSE)
export const POST = createChatHandler();
