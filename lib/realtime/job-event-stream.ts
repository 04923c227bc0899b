import { notFound } from "@/lib/http/errors";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { watchJob, type JobWatch } from "./watch-job";

const KEEPALIVE_MS = 15_000;

/** A text/event-stream of a job's messages, ending after the terminal one. */
export async function jobEventStream(jobId: string, signal: AbortSignal): Promise<Response> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let keepalive: ReturnType<typeof setInterval> | undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepalive);
    controller.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      closed = true;
      clearInterval(keepalive);
      watch?.stop();
    },
  });
  const send = (message: JobMessage) => {
    if (!closed) controller.enqueue(encoder.encode(`event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`));
  };

  const watch: JobWatch | null = await watchJob(jobId, send, close);
  if (!watch) throw notFound(`Job ${jobId}`);
  if (!closed) {
    keepalive = setInterval(() => !closed && controller.enqueue(encoder.encode(": keepalive\n\n")), KEEPALIVE_MS);
  }
  signal.addEventListener("abort", () => {
    watch.stop();
    close();
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
