import type { PriceBand } from "@/lib/store-directory/price-distribution";
import type { Bar } from "./bar-chart";
import { formatPrice } from "@/components/ui/format";

/** One bar per price band, labelled with its prices ("€10.00 – €20.00"). */
export function priceBandBars(bands: PriceBand[], currency: string | null): Bar[] {
  return bands.map((band) => ({
    label: `${formatPrice(String(band.from), currency)} – ${formatPrice(String(band.to), currency)}`,
    value: band.count,
  }));
}
