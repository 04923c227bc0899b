import { ApiError } from "./errors";

const tooLarge = () => new ApiError("payload_too_large", "Request body is too large");

/**
 * Reads a request body as text, refusing it as soon as it passes `maxBytes`: a declared
 * Content-Length over the cap is refused before any byte is read, and an undeclared or
 * lying one is cut off by counting the stream, so a hostile client never makes us buffer
 * more than the cap.
 */
export async function readCappedBody(req: Request, maxBytes: number): Promise<string> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) throw tooLarge();
  if (!req.body) return "";

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }

  return new TextDecoder().decode(Buffer.concat(chunks));
}
