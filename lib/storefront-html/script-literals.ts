/**
 * Reading values that a storefront assigns in an inline <script>, e.g.
 *   Shopify.theme = {"name":"Dawn","id":123,...};
 * or, written by hand, `Shopify.theme = { name: 'Dawn', id: 123, };`
 *
 * This works on the text of one script that the HTML parser already extracted, never
 * on raw HTML. Values are located with a small scanner (balanced braces, string-aware)
 * rather than a regular expression, because theme names and shop names can contain
 * braces, quotes and semicolons that would end a naive `\{.*?\};` match early.
 */

import { parseJsLiteral } from "./js-literal";

const IDENT = /[\w$]/;
const SPACE = /\s/;

/**
 * Assignments read per name and script. A page assigns each of these values once; reading a
 * literal may run to the end of the script (an unclosed `{`), so a crafted script of thousands
 * of `Shopify.theme={` read from each one would cost its length squared, while this many
 * readings cost a few passes at most.
 */
export const MAX_ASSIGNMENTS_READ = 4;

/** Counts the characters a scan looks at (tests bound it by the text's length). */
export type ScanMeter = { steps: number };

/** Index just past the string literal starting at `start` (a quote), or -1 if unterminated. */
function skipString(text: string, start: number, meter: ScanMeter): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    meter.steps += 1;
    const ch = text[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (ch === quote) return i + 1;
    // A plain JS/JSON string cannot span a raw newline; template literals can.
    if (ch === "\n" && quote !== "`") return -1;
  }

  return -1;
}

/** Index just past the balanced {…} or […] starting at `start`, or -1 if unbalanced. */
function skipBalanced(text: string, start: number, meter: ScanMeter): number {
  const stack: string[] = [];
  for (let i = start; i < text.length; i++) {
    meter.steps += 1;
    const ch = text[i] as string;
    if (ch === '"' || ch === "'" || ch === "`") {
      const end = skipString(text, i, meter);
      if (end === -1) return -1;
      i = end - 1;
    } else if (ch === "{" || ch === "[") {
      stack.push(ch === "{" ? "}" : "]");
    } else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i + 1;
    }
  }

  return -1;
}

function skipSpace(text: string, start: number, meter: ScanMeter): number {
  let i = start;
  while (i < text.length && SPACE.test(text[i] as string)) i++;
  meter.steps += i - start;

  return i;
}

/** The raw source text of the literal starting at `start`, or null if it is not a complete one. */
function readLiteral(text: string, start: number, meter: ScanMeter): string | null {
  const ch = text[start];
  if (ch === "{" || ch === "[") {
    const end = skipBalanced(text, start, meter);
    return end === -1 ? null : text.slice(start, end);
  }
  if (ch === '"' || ch === "'") {
    const end = skipString(text, start, meter);
    return end === -1 ? null : text.slice(start, end);
  }
  // Numbers, null, true/false: up to the end of the statement.
  let end = start;
  while (end < text.length && !";,\n\r}".includes(text[end] as string)) end++;
  meter.steps += end - start;
  const raw = text.slice(start, end).trim();

  return raw === "" ? null : raw;
}

/**
 * How a value is bound to its name: `name = value` (an assignment), `name: value` (a property
 * of an object literal, quoted or not) or `name(value` (the first argument of a call).
 */
export type Binding = "=" | ":" | "(";

/**
 * The literals bound to `name` (e.g. "Shopify.theme") in `text`, in source order: those of its
 * first MAX_ASSIGNMENTS_READ bindings that are complete literals.
 * `Shopify.theme.handle = …` and `MyShopify.theme = …` are not bindings of it.
 */
export function collectBoundLiterals(text: string, name: string, binding: Binding, meter: ScanMeter = { steps: 0 }): string[] {
  const out: string[] = [];
  let bindings = 0;
  let from = 0;
  while (bindings < MAX_ASSIGNMENTS_READ) {
    const at = text.indexOf(name, from);
    meter.steps += (at === -1 ? text.length : at) - from;
    if (at === -1) break;
    from = at + name.length;
    const before = at > 0 ? (text[at - 1] as string) : "";
    if (before !== "" && IDENT.test(before)) continue;
    let i = from;
    // A quoted property name: `"webPixelsConfigList": […]`.
    if (binding === ":" && (before === '"' || before === "'") && text[i] === before) i += 1;
    i = skipSpace(text, i, meter);
    if (text[i] !== binding || (binding === "=" && text[i + 1] === "=")) continue;
    if (binding === ":" && text[i + 1] === ":") continue;
    i = skipSpace(text, i + 1, meter);
    bindings += 1;
    const literal = readLiteral(text, i, meter);
    if (literal !== null) out.push(literal);
  }

  return out;
}

/** The literals assigned to `name` (`name = value`); see collectBoundLiterals. */
export function collectAssignedLiterals(text: string, name: string, meter: ScanMeter = { steps: 0 }): string[] {
  return collectBoundLiterals(text, name, "=", meter);
}

/**
 * Decodes a literal read by collectAssignedLiterals: JSON as Shopify prints it (`| json`), else a
 * JavaScript literal as a theme may write it by hand (unquoted keys, single quotes, trailing
 * commas: js-literal.ts). Throws for anything that is neither.
 */
export function decodeLiteral(literal: string, meter: ScanMeter = { steps: 0 }): unknown {
  try {
    return JSON.parse(literal);
  } catch {
    return parseJsLiteral(literal, meter);
  }
}

/** The first value bound to `name` across `scripts` that decodes cleanly, else undefined. */
export function readBoundValue(scripts: readonly string[], name: string, binding: Binding): unknown {
  for (const text of scripts) {
    if (!text.includes(name)) continue;
    for (const literal of collectBoundLiterals(text, name, binding)) {
      try {
        return decodeLiteral(literal);
      } catch {
        // Garbled or non-JSON (e.g. `Shopify.theme = Shopify.theme || {}`): try the next one.
      }
    }
  }

  return undefined;
}

/** The first assignment to `name` across `scripts` that decodes cleanly, else undefined. */
export function readAssignedValue(scripts: readonly string[], name: string): unknown {
  return readBoundValue(scripts, name, "=");
}
