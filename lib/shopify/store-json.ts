/**
 * A `\u0000` escape whose backslash is not itself escaped (`\\u0000` is the six characters
 * "\u0000", kept). Linear: a candidate starts only at the first backslash of a run.
 */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * Parses a store's JSON answer without NUL characters: PostgreSQL's text and jsonb refuse
 * them, so one `\u0000` in a product title would fail every write of the job's snapshot.
 */
export function parseStoreJson(body: string): unknown {
  return JSON.parse(body.includes("\\u0000") ? body.replace(NUL_ESCAPE, "$1") : body);
}
