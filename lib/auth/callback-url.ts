export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/**
 * Where to go after signing in: only a path on this site (never `//host` or a full URL,
 * which would make the sign-in page an open redirect).
 */
export function safeCallbackPath(value: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//") || trimmed.startsWith("/\\")) return fallback;

  return trimmed;
}
