/**
 * Decoding a JavaScript literal as a theme writes it by hand rather than with `| json`:
 *
 *   Shopify.theme = { name: 'Debonair Tea 2021', id: 123, role: "main", };
 *
 * Unquoted (identifier or number) keys, single-, double- or back-quoted strings (a template with
 * `${` is an expression, not a literal), trailing commas, comments, hex and signed numbers,
 * `undefined`, `NaN` and `Infinity`. Anything else, a reference or a call (`Shopify.theme ||
 * {}`), is not a literal and is refused, so a reader tries the next assignment.
 *
 * One recursive descent: each character is looked at a bounded number of times, so the work is
 * linear in the literal (the meter counts it), and nesting deeper than MAX_LITERAL_DEPTH is
 * refused before it could exhaust the stack. Objects are built with Object.fromEntries, so a
 * `__proto__` key is an own property as JSON.parse makes it, never the object's prototype.
 */

/** Deeper than any value a storefront assigns (a theme or a pixel list nests three or four levels). */
export const MAX_LITERAL_DEPTH = 64;

/** Counts the characters a parse looks at (tests bound it by the text's length). */
type ScanMeter = { steps: number };

export class JsLiteralError extends Error {}

const fail = (message: string): never => {
  throw new JsLiteralError(message);
};

function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36; // a-z A-Z _ $
}

function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** Identifiers that are values rather than references. `undefined` is kept as a marker. */
const UNDEFINED = Symbol("undefined");
const WORDS: Record<string, unknown> = { true: true, false: false, null: null, undefined: UNDEFINED, NaN: null, Infinity: null };

class Reader {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly meter: ScanMeter,
  ) {}

  parseWhole(): unknown {
    const value = this.value(0);
    this.space();
    if (this.at !== this.text.length) fail(`unexpected ${this.text[this.at]} at ${this.at}`);

    return value === UNDEFINED ? null : value;
  }

  /** Skips whitespace and comments. */
  private space(): void {
    const { text } = this;
    while (this.at < text.length) {
      this.meter.steps += 1;
      const ch = text[this.at] as string;
      if (ch === " " || ch === "\n" || ch === "\r" || ch === "\t" || ch === "\f" || ch === "\v" || ch === "\u00a0") {
        this.at += 1;
      } else if (ch === "/" && text[this.at + 1] === "/") {
        const end = text.indexOf("\n", this.at + 2);
        this.meter.steps += (end < 0 ? text.length : end) - this.at;
        this.at = end < 0 ? text.length : end + 1;
      } else if (ch === "/" && text[this.at + 1] === "*") {
        const end = text.indexOf("*/", this.at + 2);
        if (end < 0) fail("unclosed comment");
        this.meter.steps += end - this.at;
        this.at = end + 2;
      } else {
        return;
      }
    }
  }

  private value(depth: number): unknown {
    if (depth > MAX_LITERAL_DEPTH) fail("nested too deeply");
    this.space();
    const ch = this.text[this.at];
    if (ch === undefined) return fail("unexpected end");
    if (ch === "{") return this.object(depth);
    if (ch === "[") return this.array(depth);
    if (ch === '"' || ch === "'" || ch === "`") return this.string();
    const code = ch.charCodeAt(0);
    if (isDigit(code) || ch === "-" || ch === "+" || ch === ".") return this.number();
    if (isIdentStart(code)) {
      const word = this.identifier();
      if (Object.hasOwn(WORDS, word)) return WORDS[word];
      fail(`${word} is a reference, not a literal`);
    }

    return fail(`unexpected ${ch} at ${this.at}`);
  }

  private object(depth: number): Record<string, unknown> {
    const entries: [string, unknown][] = [];
    this.at += 1; // {
    for (;;) {
      this.space();
      if (this.text[this.at] === "}") {
        this.at += 1;
        break;
      }
      const key = this.key();
      this.space();
      if (this.text[this.at] !== ":") fail(`expected : after ${key}`);
      this.at += 1;
      const value = this.value(depth + 1);
      // `undefined` leaves the key out, as JSON.stringify would.
      if (value !== UNDEFINED) entries.push([key, value]);
      this.space();
      const next = this.text[this.at];
      this.at += 1;
      if (next === "}") break;
      if (next !== ",") fail(`expected , or } at ${this.at - 1}`);
    }

    return Object.fromEntries(entries);
  }

  private key(): string {
    const ch = this.text[this.at];
    if (ch === '"' || ch === "'") return this.string();
    if (ch !== undefined && isIdentStart(ch.charCodeAt(0))) return this.identifier();
    if (ch !== undefined && isDigit(ch.charCodeAt(0))) return String(this.number());

    return fail(`unexpected ${ch ?? "end"} for a key`);
  }

  private array(depth: number): unknown[] {
    const items: unknown[] = [];
    this.at += 1; // [
    for (;;) {
      this.space();
      if (this.text[this.at] === "]") {
        this.at += 1;
        break;
      }
      const value = this.value(depth + 1);
      items.push(value === UNDEFINED ? null : value);
      this.space();
      const next = this.text[this.at];
      this.at += 1;
      if (next === "]") break;
      if (next !== ",") fail(`expected , or ] at ${this.at - 1}`);
    }

    return items;
  }

  private identifier(): string {
    const start = this.at;
    while (this.at < this.text.length && isIdentPart(this.text.charCodeAt(this.at))) this.at += 1;
    this.meter.steps += this.at - start;

    return this.text.slice(start, this.at);
  }

  private number(): number {
    const start = this.at;
    const { text } = this;
    while (this.at < text.length && /[0-9a-fA-FxXoObB.eE+_-]/.test(text[this.at] as string)) this.at += 1;
    this.meter.steps += this.at - start;
    const raw = text.slice(start, this.at).replaceAll("_", "");
    const sign = raw.startsWith("-") ? -1 : 1;
    const body = raw.replace(/^[+-]/, "");
    // Number() reads hex, octal and binary prefixes and decimals; it refuses "1.2.3" and "--1".
    const value = body === "" || /^[+-]/.test(body) ? Number.NaN : Number(body);
    if (Number.isNaN(value)) fail(`${raw} is not a number`);

    return sign * value;
  }

  private string(): string {
    const { text } = this;
    const quote = text[this.at] as string;
    const parts: string[] = [];
    let chunk = this.at + 1;
    for (let i = this.at + 1; i < text.length; i++) {
      this.meter.steps += 1;
      const ch = text[i] as string;
      if (ch === quote) {
        parts.push(text.slice(chunk, i));
        this.at = i + 1;

        return parts.join("");
      }
      if (quote === "`" && ch === "$" && text[i + 1] === "{") fail("a template with a placeholder is an expression");
      if ((ch === "\n" || ch === "\r") && quote !== "`") fail("a string cannot span lines");
      if (ch !== "\\") continue;
      parts.push(text.slice(chunk, i));
      const [decoded, length] = this.escape(i + 1);
      parts.push(decoded);
      i += length;
      chunk = i + 1;
    }

    return fail("unclosed string");
  }

  /** The escape after a backslash at `start`: its text and how many characters it took. */
  private escape(start: number): [string, number] {
    const { text } = this;
    const ch = text[start];
    if (ch === undefined) return fail("unclosed string");
    const simple = SIMPLE_ESCAPES[ch];
    if (simple !== undefined) return [simple, 1];
    if (ch === "\n") return ["", 1]; // a line continuation
    if (ch === "\r") return ["", text[start + 1] === "\n" ? 2 : 1];
    if (ch === "x") return [hexChar(text.slice(start + 1, start + 3), 2), 3];
    if (ch === "u") {
      if (text[start + 1] === "{") {
        const close = text.indexOf("}", start + 2);
        if (close < 0 || close - start > 9) fail("bad \\u{} escape");
        return [hexChar(text.slice(start + 2, close), -1), close - start + 1];
      }
      return [hexChar(text.slice(start + 1, start + 5), 4), 5];
    }

    return [ch, 1]; // \' \" \\ \/ and any other character stand for themselves
  }
}

function hexChar(hex: string, length: number): string {
  if ((length > 0 && hex.length !== length) || hex.length === 0 || !/^[0-9a-fA-F]+$/.test(hex)) fail(`bad escape ${hex}`);
  const code = Number.parseInt(hex, 16);
  if (code > 0x10ffff) fail(`bad escape ${hex}`);

  return String.fromCodePoint(code);
}

/** The value of a JavaScript literal (see above); throws JsLiteralError for anything else. */
export function parseJsLiteral(text: string, meter: ScanMeter = { steps: 0 }): unknown {
  return new Reader(text, meter).parseWhole();
}
