"use client";

import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from "react";

// Its own chunk, fetched when the reader focuses the question (or asks): the panel sits below the
// fold of the store and report pages, and most readers never ask.
const ChatConversation = lazy(() => import("./chat-conversation"));

/**
 * Questions about one store, answered from StoreLens data and streamed as they are written
 * (POST /api/chat). Limits are the API's: when one is hit, the panel says which and when it resets.
 * The form renders at once; the conversation (ChatConversation) loads on first use.
 */
export function ChatPanel({ store, storeName }: { store: string; storeName: string }) {
  const [input, setInput] = useState("");
  const [started, setStarted] = useState(false);
  // A question asked before the conversation loaded: it sends it as it starts.
  const [queued, setQueued] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const send = useRef<((text: string) => void) | null>(null);
  // A queued question waits for the conversation to load: no second one meanwhile.
  const busy = answering || queued !== null;

  const onReady = useCallback((ready: (text: string) => void) => {
    send.current = ready;
    setQueued(null);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    if (send.current) send.current(text);
    else {
      setQueued(text);
      setStarted(true);
    }
    setInput("");
  };

  return (
    <section aria-labelledby="chat-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="chat-heading" className="text-lg font-semibold">
        Ask about {storeName}
      </h2>
      <p className="text-sm text-slate-500">Answers come from StoreLens data on this store (its latest analysis).</p>
      {started && (
        <Suspense fallback={queued ? <p className="mt-3 text-sm text-slate-500">Looking it up…</p> : null}>
          <ChatConversation store={store} queued={queued} onReady={onReady} onBusy={setAnswering} />
        </Suspense>
      )}
      <form onSubmit={submit} className="mt-4 flex gap-2">
        <label htmlFor="chat-question" className="sr-only">
          Your question
        </label>
        <input
          id="chat-question"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onFocus={() => setStarted(true)}
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
