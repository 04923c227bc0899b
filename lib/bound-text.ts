/**
 * Longest piece of outside text (a store's header value, a handle, a path, a network error's
 * message) quoted inside one of our sentences.
 */
export const QUOTED_TEXT_MAX = 200;

/** Longest message we store, send or show that may carry outside text (a job's error, a delivery error). */
export const MESSAGE_TEXT_MAX = 1_000;

const ELLIPSIS = "…";

/**
 * `text` when it is at most `max` characters (UTF-16 code units), otherwise its start cut to
 * `max` with an ellipsis as the last character. A cut never separates the two halves of a
 * surrogate pair, so the result stays well-formed wherever the input was.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return "";
  let end = max - 1;
  // A high surrogate at the cut would be left without its low half.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;

  return `${text.slice(0, end)}${ELLIPSIS}`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
