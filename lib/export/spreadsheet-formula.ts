/**
 * What makes a spreadsheet read a CSV cell as a formula (OWASP, "CSV Injection"): `=`, `+`,
 * `-`, `@`, a tab or a carriage return at the start. Wider than OWASP's list on purpose:
 * - whitespace before those characters: LibreOffice's "trim spaces" import and Google Sheets
 *   drop it, and what is left is a formula;
 * - the full-width forms ＝＋－＠: Excel in Japanese and Chinese locales turns them into the ASCII ones.
 * Anchored at the start and one pass over the leading whitespace: linear in the cell's length.
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A store's text as a CSV cell no spreadsheet evaluates: prefixed with a single quote when
 * it could start a formula, unchanged otherwise. Numbers we format ourselves never pass here.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
