import fc from "fast-check";

/**
 * Text PostgreSQL cannot store, in the form each part of a request carries it. A path segment
 * or a query component carries it as the URL spells it: percent-escapes decoding to NUL or to
 * bytes that are not UTF-8 (an overlong NUL, an encoded surrogate, a cut sequence). A JSON body
 * carries it decoded: NUL and lone surrogates, which `JSON.stringify` writes as `\u0000` and `\ud800`.
 */
export const HOSTILE_ESCAPES = ["%00", "a%00b", "%C0%80", "%C3%28", "%FF", "%FF%FE", "%ED%A0%80", "%E0%A4%A", "x%F0%9F%98"] as const;

export const HOSTILE_STRINGS = ["\u0000", "a\u0000b", "\uD800", "x\uDFFFy", "\uDC00\uD800"] as const;

/** A hostile escape, alone or inside ordinary (encoded) text. */
export const hostileEscape: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_ESCAPES), fc.string({ maxLength: 8 }))
  .map(([before, escape, after]) => `${encodeURIComponent(before)}${escape}${encodeURIComponent(after)}`);

/** A hostile string, alone or inside ordinary text. */
export const hostileString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 }))
  .map(([before, text, after]) => `${before}${text}${after}`);

/** A JSON body whose bytes are not UTF-8 (a Latin-1 `é`, a stray continuation byte) inside a string. */
export const nonUtf8JsonBody: fc.Arbitrary<Uint8Array<ArrayBuffer>> = fc
  .tuple(fc.constantFrom("domain", "name", "email", "messages"), fc.constantFrom([0xe9], [0xff], [0x80], [0xc3, 0x28], [0xed, 0xa0, 0x80]))
  .map(([field, bytes]) => new Uint8Array([...Buffer.from(`{"${field}":"a`), ...bytes, ...Buffer.from(`b"}`)]));
