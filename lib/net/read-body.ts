import type { IncomingMessage } from "node:http";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { SharedByteBudget } from "./byte-budget";

/** Thrown (internally) when a body passes its cap; safeFetch turns it into `too_large`. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`response body exceeds ${maxBytes} bytes`);
  }
}

/**
 * Reads a response body as UTF-8 text (and its decoded bytes), decompressing gzip/deflate/br. The cap applies
 * to the DECODED size, so a small compressed bomb cannot blow up memory; the stream
 * is destroyed as soon as the cap is passed. With a `shared` budget each decoded chunk is charged
 * to it too, and the body stops once the shared total has passed its cap, whichever body passed it.
 */
export async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  shared?: SharedByteBudget,
): Promise<{ body: string; bytes: number; raw: Buffer }> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new BodyTooLargeError(maxBytes);
  }
  if (shared?.exhausted) {
    res.destroy();
    throw new BodyTooLargeError(shared.maxBytes);
  }

  const stream = decodeStream(res);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    const withinShared = shared ? shared.charge(buffer.length) : true;
    if (bytes > maxBytes || !withinShared) {
      stream.destroy();
      res.destroy();
      throw new BodyTooLargeError(withinShared ? maxBytes : (shared?.maxBytes ?? maxBytes));
    }
    chunks.push(buffer);
  }

  const raw = Buffer.concat(chunks);

  return { body: new TextDecoder("utf-8").decode(raw), bytes, raw };
}

function decodeStream(res: IncomingMessage): Readable {
  const encoding = (res.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) {
    return res;
  }

  // pipeline() propagates errors from either side into the stream we iterate.
  return pipeline(res, decoder, () => undefined);
}
