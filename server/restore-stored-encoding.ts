import type { ServerResponse } from "node:http";
import { STORED_ENCODING_HEADER } from "@/lib/http/stored-encoding";

/**
 * Lets a route handler send stored compressed bytes as they are: its STORED_ENCODING_HEADER
 * becomes `Content-Encoding` on the wire, which also keeps Next's compression off that body
 * ("already encoded").
 */
export function restoreStoredEncoding(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    name.toLowerCase() === STORED_ENCODING_HEADER ? setHeader("content-encoding", value) : setHeader(name, value);
}
