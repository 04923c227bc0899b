import { notFound } from "@/lib/http/errors";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { progressConnections, type ProgressConnections } from "./progress-connections";
import { watchJob, type JobWatch } from "./watch-job";

const KEEPALIVE_MS = 15_000;

/**
 * A text/event-stream of a job's messages, ending after the terminal one. It holds one of
 * `address`'s progress-connection slots (shared with the WebSocket) until the stream ends, the
 * client disconnects (`signal`) or the reader cancels; past the cap it throws the 429/503.
 */
export async function jobEventStream(
  jobId: string,
  signal: AbortSignal,
  address: string,
  connections: ProgressConnections = progressConnections(),
): Promise<Response> {
  const release = connections.acquire(address);
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let watch: JobWatch | null = null;
  const end = () => {
    closed = true;
    clearInterval(keepalive);
    watch?.stop();
    release();
  };
  const close = () => {
    if (closed) return;
    end();
    controller.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: end,
  });
  const send = (message: JobMessage, text: string) => {
    if (!closed) controller.enqueue(encoder.encode(`event: ${message.type}\ndata: ${text}\n\n`));
  };

  try {
    watch = await watchJob(jobId, send, close);
  } catch (error) {
    release();
    throw error;
  }
  if (!watch) {
    release();
    throw notFound(`Job ${jobId}`);
  }
  if (signal.aborted) close();
  signal.addEventListener("abort", close, { once: true });
  if (!closed) {
    keepalive = setInterval(() => !closed && controller.enqueue(encoder.encode(": keepalive\n\n")), KEEPALIVE_MS);
  }

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
