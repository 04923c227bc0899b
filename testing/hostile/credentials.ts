import fc from "fast-check";

/** The names Auth.js gives the session cookie (the second over https). */
export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

/**
 * Values no credential can have, as a header can carry them (Latin-1 without NUL, CR or LF,
 * the bytes both fetch and node:http send): escapes that decode to NUL or to invalid UTF-8,
 * bad escapes, non-ASCII, over-long, and wrong shapes next to the right ones.
 */
export const hostileCredentialValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%00",
    "a%00b",
    `${"A".repeat(42)}%00`,
    "00000000-0000-4000-8000-00000000000%00",
    "%E0%A4%A",
    "%C3%28",
    "%ED%A0%80",
    "%FF%FE",
    "%",
    "%%",
    "%zz",
    "%u0000",
    "\u00e9",
    "\u00ff".repeat(64),
    "\u00c4".repeat(4000),
    "x".repeat(8000),
    "null",
    "' or 1=1 --",
    `sl_${"A".repeat(43)}`,
    `sl_${"A".repeat(42)}\u00e9`,
    `sl_${"A".repeat(42)}%00`,
    `SL_${"A".repeat(43)}`,
    "sl_",
    `sl_${"A".repeat(44)}`,
    "00000000-0000-4000-8000-000000000000",
    "a.b.c",
    "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJcdTAwMDAifQ.c2ln",
  ),
  fc.string({
    unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 80,
  }),
  fc
    .array(fc.constantFrom("%00", "%2e", "%2F", "%C3", "%28", "%E0%A4", "A", "-", "_", "\u00e9", ";", "="), { minLength: 1, maxLength: 30 })
    .map((parts) => parts.join("")),
);

/**
 * One credential that cannot be real, in each place a caller may put one: the session cookie
 * (either name), `X-API-Key`, or `Authorization` (Bearer or another scheme).
 */
export const hostileCredentialHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...SESSION_COOKIE_NAMES), hostileCredentialValue, fc.constantFrom("", "theme=dark; ", "a=b; "))
    .map(([name, value, before]) => ({ cookie: `${before}${name}=${value}` })),
  hostileCredentialValue.map((value) => ({ "x-api-key": value })),
  fc
    .tuple(fc.constantFrom("Bearer ", "bearer ", "Bearer  ", "Basic ", "Token ", ""), hostileCredentialValue)
    .map(([scheme, value]) => ({ authorization: `${scheme}${value}` })),
);

/** Whether the credential is one the caller sends on purpose (a key or a token), not the browser's cookie. */
export const isExplicitCredential = (headers: Record<string, string>): boolean => "x-api-key" in headers || "authorization" in headers;
