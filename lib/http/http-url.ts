/**
 * An http(s) URL's scheme as a JSON Schema pattern, for a zod `.url({ protocol: /^https?$/ })`:
 * the document's `format: uri` alone takes any scheme, so the pattern says what the server takes.
 */
export const HTTP_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?:";
