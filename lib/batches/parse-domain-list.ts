import { bareHost } from "@/lib/store-domain/host-names";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";
import { MAX_BATCH_DOMAINS, MAX_BATCH_LINES, type InvalidLine } from "./schemas";

export type DomainList = {
  /** Distinct store domains, normalized, in the order first named. */
  domains: string[];
  /** Lines that are not a store domain, by line number (1-based). */
  invalid: InvalidLine[];
  /** Lines dropped because they named a store named before (www. or not, any case or URL form). */
  duplicates: number;
  /** Distinct stores beyond MAX_BATCH_DOMAINS (none is started then). */
  overLimit: boolean;
};

const HEADERS = new Set(["domain", "domains", "url", "website", "store", "host"]);
const INPUT_SHOWN = 300;

/**
 * A pasted or uploaded list read into store domains, each normalized by the one store-domain rule
 * (lib/store-domain), de-duplicated by store (www.example.com and example.com are one store, as
 * the store rows have it). Linear: one pass over the text, no expression that can backtrack.
 */
export function parseDomainList(input: { domains?: string[]; csv?: string }): DomainList {
  const lines = input.domains ?? splitLines(input.csv ?? "");
  const seen = new Set<string>();
  const domains: string[] = [];
  const invalid: InvalidLine[] = [];
  let duplicates = 0;
  for (const [index, raw] of lines.slice(0, MAX_BATCH_LINES).entries()) {
    const cell = input.domains ? raw.trim() : firstCell(raw);
    if (cell === "") continue;
    if (input.csv !== undefined && domains.length === 0 && invalid.length === 0 && HEADERS.has(cell.toLowerCase())) continue;
    const host = normalizeDomain(cell);
    if (!host.ok) {
      invalid.push({ line: index + 1, input: raw.slice(0, INPUT_SHOWN), error: host.error });
      continue;
    }
    const store = bareHost(host.domain);
    if (seen.has(store)) {
      duplicates++;
      continue;
    }
    seen.add(store);
    domains.push(host.domain);
  }
  if (lines.length > MAX_BATCH_LINES) {
    invalid.push({ line: MAX_BATCH_LINES + 1, input: "", error: `a list may have at most ${MAX_BATCH_LINES} lines` });
  }

  return { domains, invalid, duplicates, overLimit: domains.length > MAX_BATCH_DOMAINS };
}

/** Lines of the text, CRLF or LF, read with indexOf: linear in the text's length. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start <= text.length && lines.length <= MAX_BATCH_LINES) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    lines.push(text.slice(start, stop > start && text[stop - 1] === "\r" ? stop - 1 : stop));
    if (end === -1) break;
    start = end + 1;
  }

  return lines;
}

/** A CSV line's first cell: quoted (to the next quote) or up to the first comma, semicolon or tab. */
function firstCell(line: string): string {
  const text = line.trim();
  if (text.startsWith('"')) {
    const close = text.indexOf('"', 1);

    return (close === -1 ? text.slice(1) : text.slice(1, close)).trim();
  }
  let end = text.length;
  for (const separator of [",", ";", "\t"]) {
    const at = text.indexOf(separator);
    if (at !== -1 && at < end) end = at;
  }

  return text.slice(0, end).trim();
}
