/**
 * A `\u0000` escape whose backslash is not itself escaped (`\\u0000` is the six characters
 * "\u0000", kept). Linear: a candidate starts only at the first backslash of a run.
 */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

// PostgreSQL's text and jsonb refuse NUL characters: one in a product title or a page's
// <title> would fail every write of what the job read, so a store's answers lose them here.

/** Parses a store's JSON answer without the NUL characters its strings escape as `\u0000`. */
export function parseStoreJson(body: string): unknown {
  return JSON.parse(body.includes("\\u0000") ? body.replace(NUL_ESCAPE, "$1") : body);
}

/** A store's HTML or XML answer without raw NUL characters. */
export function withoutNulCharacters(body: string): string {
  return body.includes("\0") ? body.replaceAll("\0", "") : body;
}
