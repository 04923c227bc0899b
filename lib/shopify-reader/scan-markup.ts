import { Tokenizer } from "htmlparser2";

/** What a caller of scanMarkup hears about; tag and attribute names are lower-cased. */
export type MarkupEvents = {
  openTag?(name: string): void;
  attribute?(name: string, value: string): void;
  closeTag?(name: string): void;
  text?(text: string): void;
};

/**
 * One pass of htmlparser2's tokenizer over `input`, with decoded text and attributes.
 * The tokenizer alone, not htmlparser2's Parser: the Parser keeps open tags in an array it
 * `unshift`s, so a page of a million unclosed `<div>` costs quadratic time, while the
 * tokenizer is a state machine that looks at each character a bounded number of times.
 * There is no tree and no implied closing: an element the input never closes never closes.
 */
export function scanMarkup(input: string, options: { xmlMode: boolean }, events: MarkupEvents): void {
  let attributeName = "";
  let attributeValue = "";
  const slice = (start: number, end: number) => input.slice(start, end);
  const callbacks = {
    onopentagname: (start: number, end: number) => events.openTag?.(slice(start, end).toLowerCase()),
    onclosetag: (start: number, end: number) => events.closeTag?.(slice(start, end).toLowerCase()),
    ontext: (start: number, end: number) => events.text?.(slice(start, end)),
    ontextentity: (codepoint: number) => events.text?.(String.fromCodePoint(codepoint)),
    onattribname: (start: number, end: number) => {
      attributeName = slice(start, end).toLowerCase();
      attributeValue = "";
    },
    onattribdata: (start: number, end: number) => {
      attributeValue += slice(start, end);
    },
    onattribentity: (codepoint: number) => {
      attributeValue += String.fromCodePoint(codepoint);
    },
    onattribend: () => events.attribute?.(attributeName, attributeValue),
    onopentagend: () => {},
    onselfclosingtag: () => {},
    oncdata: () => {},
    oncomment: () => {},
    ondeclaration: () => {},
    onprocessinginstruction: () => {},
    onend: () => {},
  };
  const tokenizer = new Tokenizer({ xmlMode: options.xmlMode, decodeEntities: true }, callbacks);
  tokenizer.write(input);
  tokenizer.end();
}
