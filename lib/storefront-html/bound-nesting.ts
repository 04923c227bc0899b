import { Tokenizer } from "htmlparser2";

/**
 * How deep the tree handed to cheerio may nest. Storefront themes nest a few dozen levels
 * (the Dawn fixture's home page: 18); browsers cap it too (Chromium at 512). Past this, each level costs
 * every later tree operation: htmlparser2's Parser `unshift`s its open-element stack and
 * domutils' findAll (every cheerio selection) its walk stack, so a page of unclosed tags costs
 * elements × depth, quadratic in its size.
 */
export const MAX_ELEMENT_DEPTH = 256;

/**
 * How many elements of a page are read. A storefront home page has a few thousand (the 1 MB
 * test storefront: about 9,200); building and walking the tree costs per element, and 5 MB of
 * `<p>x</p>` is 650,000 of them: two seconds of the event loop, which every request and job in
 * the process shares. The markup after the budget is left out, so what such a page says past it
 * (its theme, its apps) is not read: the page's own loss, never anyone else's wait.
 */
export const MAX_ELEMENTS = 50_000;

// htmlparser2's Parser rules in HTML mode (lib/esm/Parser.js, not exported), replayed below.
const formTags = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const pTag = new Set(["p"]);
const tableSectionTags = new Set(["thead", "tbody"]);
const ddtTags = new Set(["dd", "dt"]);
const rtpTags = new Set(["rt", "rp"]);
const openImpliesClose = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ...["p", "h1", "h2", "h3", "h4", "h5", "h6"].map((name): [string, Set<string>] => [name, pTag]),
  ...["select", "input", "output", "button", "datalist", "textarea"].map((name): [string, Set<string>] => [name, formTags]),
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", ddtTags],
  ["dt", ddtTags],
  ...[
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((name): [string, Set<string>] => [name, pTag]),
  ["rt", rtpTags],
  ["rp", rtpTags],
  ["tbody", tableSectionTags],
  ["tfoot", tableSectionTags],
]);
const voidElements = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
const foreignContextElements = new Set(["math", "svg"]);
const htmlIntegrationElements = new Set(["mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc", "title"]);
/** Elements whose body htmlparser2's Tokenizer reads as text up to their own end tag. */
const rawTextElements = new Set(["script", "style", "title", "textarea", "xmp"]);

/**
 * The open-element stack htmlparser2's Parser keeps for the markup it is given, with the top
 * at the end (push/pop, not unshift/shift) and a count per name, so a close tag that matches
 * nothing is found out without a scan.
 */
class OpenElements {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();
  /** The Parser's foreignContext (svg/math: self-closing tags close); top at the end. */
  private readonly foreign: boolean[] = [false];
  private tagName = "";

  get depth(): number {
    return this.names.length;
  }

  private push(name: string): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  private pop(): string | undefined {
    const name = this.names.pop();
    if (name !== undefined) this.counts.set(name, (this.counts.get(name) ?? 1) - 1);

    return name;
  }

  /** A start tag; returns the depth the new element is placed at (0: child of the document). */
  open(name: string): number {
    const implied = openImpliesClose.get(name);
    if (implied) while (this.names.length > 0 && implied.has(this.names[this.names.length - 1] as string)) this.pop();
    const depth = this.names.length;
    this.tagName = name;
    if (!voidElements.has(name)) {
      this.push(name);
      if (foreignContextElements.has(name)) this.foreign.push(true);
      else if (htmlIntegrationElements.has(name)) this.foreign.push(false);
    }

    return depth;
  }

  /** `/>` ends the current start tag: only inside svg/math does it close the element. */
  selfClose(): void {
    if (this.foreign[this.foreign.length - 1] === true && this.names[this.names.length - 1] === this.tagName) this.pop();
  }

  /** An end tag closes the nearest open element of its name and everything opened inside it. */
  close(name: string): void {
    if (foreignContextElements.has(name) || htmlIntegrationElements.has(name)) this.foreign.pop();
    // A stray </p> or </br> adds an empty element and leaves the stack as it was.
    if (voidElements.has(name) || !this.counts.get(name)) return;
    while (this.pop() !== name);
  }
}

/**
 * `html` with no element nested deeper than `maxDepth + 1` once htmlparser2's Parser (HTML mode,
 * as loadHtml uses it) builds its tree; markup that stays within `maxDepth` is returned as is.
 *
 * One pass of the Tokenizer replays the Parser's open-element stack. A start tag that would open
 * an element below `maxDepth` open ones is closed right after its `>` (as in Chromium, content
 * past the cap lands beside it instead of inside it: attributes, text and scripts all stay), and
 * the end tag that would have closed it is cut out, so it cannot close a kept ancestor instead.
 * Script, style, title, textarea and xmp keep their bodies: the tokenizer reads those as text up
 * to their own end tag, which then closes them. Each step touches a bounded number of stack
 * entries (pops are paid for by their pushes), so the pass is linear in the input. The page
 * ends where its `maxElements + 1`st start tag begins (MAX_ELEMENTS).
 */
export function boundNesting(html: string, maxDepth = MAX_ELEMENT_DEPTH, maxElements = MAX_ELEMENTS): string {
  const open = new OpenElements();
  let elements = 0;
  let cutAt = -1;
  // Start tags closed at once because they were past the cap, still open in the page's own
  // structure: each one's end tag is cut. All of them sit above every element kept open.
  const flattened: string[] = [];
  const flattenedCounts = new Map<string, number>();
  const forgetFlattened = () => {
    flattened.length = 0;
    flattenedCounts.clear();
  };
  const popFlattened = () => {
    const name = flattened.pop() as string;
    flattenedCounts.set(name, (flattenedCounts.get(name) ?? 1) - 1);

    return name;
  };

  const parts: string[] = [];
  let copied = 0;
  let pending: { name: string; pastCap: boolean } | null = null;
  const closePastCap = (name: string, tagEnd: number) => {
    parts.push(html.slice(copied, tagEnd + 1), `</${name}>`);
    copied = tagEnd + 1;
    open.close(name);
    flattened.push(name);
    flattenedCounts.set(name, (flattenedCounts.get(name) ?? 0) + 1);
  };

  const noop = () => {};
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        if (++elements > maxElements) {
          // The budget is spent: the page ends before this tag's `<`.
          cutAt = html.lastIndexOf("<", start);
          tokenizer.pause();
          return;
        }
        const name = html.slice(start, end).toLowerCase();
        const implied = openImpliesClose.get(name);
        if (implied) while (flattened.length > 0 && implied.has(flattened[flattened.length - 1] as string)) popFlattened();
        const depth = open.open(name);
        // A kept element was closed: the flattened ones, opened inside it, closed with it.
        if (depth < maxDepth && flattened.length > 0) forgetFlattened();
        pending = { name, pastCap: depth >= maxDepth && !voidElements.has(name) };
      },
      onopentagend(end) {
        if (pending?.pastCap && !rawTextElements.has(pending.name)) closePastCap(pending.name, end);
        pending = null;
      },
      onselfclosingtag(end) {
        open.selfClose();
        // In HTML, `/>` leaves the element open (the tokenizer then reads a script's body as markup).
        if (pending?.pastCap && open.depth > maxDepth) closePastCap(pending.name, end);
        pending = null;
      },
      onclosetag(start, end) {
        const name = html.slice(start, end).toLowerCase();
        // Past the cap only a raw-text element can be open, and this is its end tag.
        if (open.depth <= maxDepth && (flattenedCounts.get(name) ?? 0) > 0) {
          while (popFlattened() !== name);
          const tagStart = html.lastIndexOf("<", start);
          const gt = html.indexOf(">", end);
          parts.push(html.slice(copied, tagStart));
          copied = gt < 0 ? html.length : gt + 1;
          return;
        }
        open.close(name);
        if (open.depth < maxDepth && flattened.length > 0) forgetFlattened();
      },
      onattribname: noop,
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      ontext: noop,
      ontextentity: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      onprocessinginstruction: noop,
      onend: noop,
    },
  );
  tokenizer.write(html);
  if (cutAt >= 0) {
    parts.push(html.slice(copied, cutAt));

    return parts.join("");
  }
  tokenizer.end();
  if (parts.length === 0) return html;
  parts.push(html.slice(copied));

  return parts.join("");
}
