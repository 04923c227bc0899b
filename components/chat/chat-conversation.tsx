"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useEffect, useMemo } from "react";
import { describeChatError } from "./limit-notice";

const TOOL_LABELS: Record<string, string> = {
  get_store_summary: "store summary",
  search_products: "products",
  get_apps_and_theme: "apps and theme",
  find_stores: "the store directory",
  get_changelog: "changelog",
  get_store_inventory: "inventory",
  compare_snapshots: "snapshot comparison",
  list_catalog_events: "catalog events",
  get_history: "history",
  get_alerts: "alerts",
};

function MessageBody({ message }: { message: UIMessage }) {
  const looked = message.parts
    .filter((part) => part.type.startsWith("tool-"))
    .map((part) => TOOL_LABELS[part.type.slice(5)] ?? part.type.slice(5));
  const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");

  return (
    <>
      {looked.length > 0 && <p className="text-xs text-slate-500">Looked up: {[...new Set(looked)].join(", ")}</p>}
      {text && <p className="whitespace-pre-wrap">{text}</p>}
    </>
  );
}

/**
 * The conversation itself: useChat and the AI SDK's stream client, the bulk of the chat's
 * JavaScript, loaded by ChatPanel only once the reader turns to the form. Sends through the
 * function it hands to `onReady`; sends `queued` (a question asked while it loaded) once.
 */
export default function ChatConversation({
  store,
  queued,
  onReady,
  onBusy,
}: {
  store: string;
  queued: string | null;
  onReady: (send: (text: string) => void) => void;
  onBusy: (busy: boolean) => void;
}) {
  const transport = useMemo(() => new DefaultChatTransport({ api: "/api/chat", body: { store, stream: true } }), [store]);
  const { messages, sendMessage, status, error, clearError } = useChat({ transport });
  const busy = status === "submitted" || status === "streaming";
  const notice = error ? describeChatError(error) : null;

  useEffect(() => onBusy(busy), [busy, onBusy]);
  useEffect(
    () =>
      onReady((text) => {
        if (error) clearError();
        void sendMessage({ text });
      }),
    [onReady, sendMessage, error, clearError],
  );
  // Runs once: the panel clears its queue when it hands over the send function.
  useEffect(() => {
    if (queued) void sendMessage({ text: queued });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {messages.length > 0 && (
        <ol className="mt-4 space-y-3" aria-live="polite" data-testid="chat-messages">
          {messages.map((message) => (
            <li
              key={message.id}
              data-role={message.role}
              className={message.role === "user" ? "rounded-lg bg-indigo-50 p-3 text-indigo-950" : "rounded-lg bg-slate-50 p-3"}
            >
              <span className="sr-only">{message.role === "user" ? "You:" : "StoreLens:"}</span>
              <MessageBody message={message} />
            </li>
          ))}
        </ol>
      )}
      {status === "submitted" && <p className="mt-3 text-sm text-slate-500">Looking it up…</p>}
      {notice && (
        <p
          role="alert"
          data-kind={notice.kind}
          className={`mt-3 rounded-md p-3 text-sm ${notice.kind === "limit" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800"}`}
        >
          {notice.text}
        </p>
      )}
    </>
  );
}
