// Shopify storefront timestamps look like "2026-06-08T14:57:26+01:00": local time of the shop
// with its UTC offset, no milliseconds.

export function shopifyTime(epochMs: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}

/** UTC offset used for a store's timestamps, from its country (enough for fake data). */
export function offsetForCountry(country: string): number {
  const offsets: Record<string, number> = { PT: 60, GB: 60, AU: 600, US: -240, DE: 120, FR: 120, JP: 540 };
  return offsets[country] ?? 0;
}
