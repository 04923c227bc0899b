import { types, type ParserOptions, type SerializerOptions } from "@electric-sql/pglite";

/**
 * bytea codecs for PGlite. Its built-in ones go through one JS array element and one string per
 * byte: storing a 30,000-product report body (gzip + brotli, a few MB) built ~450 MB of garbage
 * and stalled the event loop for 1.5 s. Node's hex codec does the same text format natively.
 */
export const PGLITE_BYTEA_SERIALIZERS: SerializerOptions = {
  [types.BYTEA]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");

    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  },
};

export const PGLITE_BYTEA_PARSERS: ParserOptions = {
  [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex"),
};
