/** A write refused by a unique index (SQLSTATE 23505), whichever driver raised it and however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }

  return false;
}
