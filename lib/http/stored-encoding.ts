/**
 * Next.js drops `Content-Encoding` from a route handler's response (the body might be one that
 * fetch already decoded) and would then compress the bytes again. A handler sending bytes it
 * stored compressed names their coding in this header as well; the custom server turns it back
 * into `Content-Encoding` before the headers go out (server/restore-stored-encoding.ts).
 */
export const STORED_ENCODING_HEADER = "x-stored-content-encoding";
