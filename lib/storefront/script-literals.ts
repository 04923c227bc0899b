/**
 * Reading values that a storefront assigns in an inline <script>, e.g.
 *   Shopify.theme = {"name":"Dawn","id":123,...};
 *
 * This works on the text of one script that the HTML parser already extracted, never
 * on raw HTML. Values are located with a small scanner (balanced braces, string-aware)
 * rather than a regular expression, because theme names and shop names can contain
 * braces, quotes and semicolons that would end a naive `\{.*?\};` match early.
 */

const IDENT = /[\w$]/;
const SPACE = /\s/;

/** Index just past the string literal starting at `start` (a quote), or -1 if unterminated. */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
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
function skipBalanced(text: string, start: number): number {
  const stack: string[] = [];
  for (let i = start; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'" || ch === "`") {
      const end = skipString(text, i);
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

/** The raw source text of the literal starting at `start`, or null if it is not a complete one. */
function readLiteral(text: string, start: number): string | null {
  const ch = text[start];
  if (ch === "{" || ch === "[") {
    const end = skipBalanced(text, start);
    return end === -1 ? null : text.slice(start, end);
  }
  if (ch === '"' || ch === "'") {
    const end = skipString(text, start);
    return end === -1 ? null : text.slice(start, end);
  }
  // Numbers, null, true/false: up to the end of the statement.
  let end = start;
  while (end < text.length && !";,\n\r}".includes(text[end] as string)) end++;
  const raw = text.slice(start, end).trim();

  return raw === "" ? null : raw;
}

/**
 * Every literal assigned to `name` (e.g. "Shopify.theme") in `text`, in source order.
 * `Shopify.theme.handle = …` and `MyShopify.theme = …` are not matches.
 */
export function findAssignedLiterals(text: string, name: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at === -1) break;
    from = at + name.length;
    const before = at > 0 ? (text[at - 1] as string) : "";
    if (before !== "" && IDENT.test(before)) continue;
    let i = at + name.length;
    while (i < text.length && SPACE.test(text[i] as string)) i++;
    if (text[i] !== "=" || text[i + 1] === "=") continue;
    i++;
    while (i < text.length && SPACE.test(text[i] as string)) i++;
    const literal = readLiteral(text, i);
    if (literal !== null) out.push(literal);
  }

  return out;
}

/** Decodes a literal read by findAssignedLiterals: JSON, or a single-quoted JS string. */
export function decodeLiteral(literal: string): unknown {
  if (literal.startsWith("'") && literal.endsWith("'") && literal.length >= 2) {
    // Re-quote as JSON: unescape \' and escape bare double quotes.
    const body = literal.slice(1, -1).replaceAll("\\'", "'").replaceAll('"', '\\"');
    return JSON.parse(`"${body}"`);
  }

  return JSON.parse(literal);
}

/** The first assignment to `name` across `scripts` that decodes cleanly, else undefined. */
export function readAssignedValue(scripts: readonly string[], name: string): unknown {
  for (const text of scripts) {
    if (!text.includes(name)) continue;
    for (const literal of findAssignedLiterals(text, name)) {
      try {
        return decodeLiteral(literal);
      } catch {
        // Garbled or non-JSON (e.g. `Shopify.theme = Shopify.theme || {}`): try the next one.
      }
    }
  }

  return undefined;
}
