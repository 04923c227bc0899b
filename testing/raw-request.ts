import { request, type IncomingHttpHeaders } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; bytes: Buffer };

/** One request and its bytes as sent: fetch would decode a Content-Encoding and hide them. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}
