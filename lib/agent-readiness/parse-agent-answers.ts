import { boundText } from "@/lib/bound-text";
import { NAME_MAX, NAMES_KEPT } from "./schemas";

// Readers of what a store answered to the agent readiness requests. The answers are attacker-
// controlled and already parsed from at most 64 KB: each reader looks a fixed depth into them,
// never recurses, and keeps at most NAMES_KEPT names of NAME_MAX characters.

/** One name as we keep it: well-formed, without NUL (jsonb refuses both), cut short. */
export function keptName(text: string): string {
  return boundText(text.replaceAll("\0", "").toWellFormed(), NAME_MAX);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The string names of `items` (each a string, or an object with a string `name`), capped. */
function namesOf(items: readonly unknown[], nameOf: (item: unknown) => unknown): { names: string[]; count: number } {
  const names: string[] = [];
  for (const item of items) {
    if (names.length >= NAMES_KEPT) break;
    const name = nameOf(item);
    if (typeof name === "string" && name.length > 0) names.push(keptName(name));
  }

  return { names, count: items.length };
}

/** A JSON-RPC 2.0 answer to `tools/list` (MCP): its tool names, or null when it is not one. */
export function readToolsList(json: unknown): { names: string[]; count: number } | null {
  if (!isRecord(json) || json.jsonrpc !== "2.0" || !isRecord(json.result)) return null;
  const tools = json.result.tools;
  if (!Array.isArray(tools)) return null;

  return namesOf(tools, (tool) => (isRecord(tool) ? tool.name : undefined));
}

/**
 * A UCP business profile: `ucp.version` and the capability names, or null when the document
 * has no `ucp` object. Capabilities come as a list of `{ name }` (UCP 2026-01-11) or as an
 * object keyed by name (later versions); both are read.
 */
export function readUcpProfile(json: unknown): { version: string | null; names: string[]; count: number } | null {
  if (!isRecord(json) || !isRecord(json.ucp)) return null;
  const { version, capabilities } = json.ucp;
  const kept = typeof version === "string" && version.length > 0 ? keptName(version) : null;
  if (Array.isArray(capabilities)) return { version: kept, ...namesOf(capabilities, (c) => (isRecord(c) ? c.name : undefined)) };
  if (isRecord(capabilities)) return { version: kept, ...namesOf(Object.keys(capabilities), (name) => name) };

  return { version: kept, names: [], count: 0 };
}

/** Lines looked at for the first heading (an llms.txt opens with "# Name"). */
const HEADING_LINES_SCANNED = 200;

/** The first Markdown heading line of an llms.txt, without its `#` marks; null when none near its start. */
export function readLlmsHeading(text: string): string | null {
  let start = 0;
  for (let line = 0; line < HEADING_LINES_SCANNED && start < text.length; line += 1) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    // Only the line's first characters are looked at: a hostile line can be the whole file.
    const head = text.slice(start, Math.min(end, start + NAME_MAX * 4)).trim();
    if (head.startsWith("#")) {
      const title = head.replace(/^#+/, "").trim();

      return title.length > 0 ? keptName(title) : null;
    }
    if (newline === -1) break;
    start = newline + 1;
  }

  return null;
}

/** Whether a 200 answer to /llms.txt is an HTML page (a theme's catch-all), not the text file. */
export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType?.toLowerCase().includes("text/html")) return true;

  return /^\s*<(!doctype|html)/i.test(text.slice(0, 512));
}
