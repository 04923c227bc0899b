import { ApiError } from "./errors";

const tooLarge = () => new ApiError("payload_too_large", "Request body is too large");

/**
 * Reads a request body as text, refusing it as soon as it passes `maxBytes`: a declared
 * Content-Length over the cap is refused before any byte is read, and an undeclared or
 * lying one is cut off by counting the stream, so a hostile client never makes us buffer
 * more than the cap. With `strictUtf8`, bytes that are not UTF-8 are refused (400) instead of
 * read as U+FFFD: a JSON body is UTF-8 (RFC 8259), and a silent replacement would store text
 * the caller never sent.
 */
export async function readCappedBody(req: Request, maxBytes: number, options: { strictUtf8?: boolean } = {}): Promise<string> {
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

  try {
    return new TextDecoder("utf-8", { fatal: options.strictUtf8 === true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError("invalid_request", "Request body is not valid UTF-8", { extra: { issues: [] } });
  }
}
