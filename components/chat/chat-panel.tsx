"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useMemo, useState, type FormEvent } from "react";
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
 * Questions about one store, answered from StoreLens data and streamed as they are written
 * (POST /api/chat). Limits are the API's: when one is hit, the panel says which and when it resets.
 */
export function ChatPanel({ store, storeName }: { store: string; storeName: string }) {
  const transport = useMemo(() => new DefaultChatTransport({ api: "/api/chat", body: { store, stream: true } }), [store]);
  const { messages, sendMessage, status, error, clearError } = useChat({ transport });
  const [input, setInput] = useState("");
  const busy = status === "submitted" || status === "streaming";
  const notice = error ? describeChatError(error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    if (error) clearError();
    void sendMessage({ text });
    setInput("");
  };

  return (
    <section aria-labelledby="chat-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="chat-heading" className="text-lg font-semibold">
        Ask about {storeName}
      </h2>
      <p className="text-sm text-slate-500">Answers come from StoreLens data on this store (its latest analysis).</p>
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
      <form onSubmit={submit} className="mt-4 flex gap-2">
        <label htmlFor="chat-question" className="sr-only">
          Your question
        </label>
        <input
          id="chat-question"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          maxLength={4000}
          placeholder="What sells here? Which apps does it use?"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2"
        />
        <button
          type="submit"
          disabled={busy || input.trim() === ""}
          className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {busy ? "Answering…" : "Ask"}
        </button>
      </form>
    </section>
  );
}
