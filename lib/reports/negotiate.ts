/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;

  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");

    return tag === "*" || tag === etag;
  });
}

export type BodyEncoding = "br" | "gzip" | "identity";

/** The q-value an Accept-Encoding header gives `coding` (explicitly, else through `*`), 0 when refused. */
function qualityOf(header: string, coding: string): number {
  let wildcard = 0;
  for (const part of header.toLowerCase().split(",").slice(0, 32)) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return quality;
    if (name === "*") wildcard = quality;
  }

  return wildcard;
}

/** The stored encoding to send: brotli, then gzip, when accepted; otherwise plain JSON. */
export function chooseEncoding(header: string | null): BodyEncoding {
  if (!header) return "identity";
  const br = qualityOf(header, "br");
  const gzip = qualityOf(header, "gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";

  return "identity";
}
