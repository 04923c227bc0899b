/** Longest e-mail address (RFC 5321's path limit). */
const MAX_EMAIL = 254;
/** Longest phone number as written, spaces and punctuation included. */
const MAX_PHONE = 40;

// One pass, no nested quantifiers: a local part, "@", then dot-separated labels.
const EMAIL = /^[A-Za-z0-9._%+'-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}$/;
const PHONE_CHARACTERS = /^[0-9+\-().\s/]+$/;
/** Domains of template text ("you@example.com"), never a store's address. */
const PLACEHOLDER_DOMAINS = new Set(["example.com", "example.org", "example.net", "domain.com", "yourdomain.com", "yourstore.com"]);

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The address of a `mailto:` link or a JSON-LD email (with or without the scheme), or null when it does not look valid. */
export function readEmail(raw: string): string | null {
  if (raw.length > MAX_EMAIL * 4) return null;
  let value = raw.trim();
  if (value.slice(0, 7).toLowerCase() === "mailto:") value = value.slice(7);
  const query = value.indexOf("?");
  if (query !== -1) value = value.slice(0, query);
  const decoded = decode(value);
  if (decoded === null) return null;
  const address = decoded.trim();
  if (address.length > MAX_EMAIL || !EMAIL.test(address)) return null;
  const domain = address.slice(address.indexOf("@") + 1).toLowerCase();

  return PLACEHOLDER_DOMAINS.has(domain) ? null : address;
}

/** The number of a `tel:` link or a JSON-LD telephone as written, or null unless it has 7 to 15 digits and nothing but phone punctuation. */
export function readPhone(raw: string): string | null {
  if (raw.length > MAX_PHONE * 4) return null;
  let value = raw.trim();
  if (value.slice(0, 4).toLowerCase() === "tel:") value = value.slice(4);
  const decoded = decode(value);
  if (decoded === null) return null;
  const number = decoded.trim();
  if (number.length > MAX_PHONE || !PHONE_CHARACTERS.test(number)) return null;
  const digits = phoneDigits(number).replace("+", "");

  return digits.length >= 7 && digits.length <= 15 ? number : null;
}

/** The digits of a number (and its leading +): equal for two ways of writing one number. */
export function phoneDigits(number: string): string {
  let out = number.trim().startsWith("+") ? "+" : "";
  for (const ch of number) if (ch >= "0" && ch <= "9") out += ch;

  return out;
}
