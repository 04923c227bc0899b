/** A short id tying a 500 answer to its log line. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 16);
}
