import type { AlertKind } from "./schemas";
import { priceChangePercent } from "./store-event";

type Describable = { kind: AlertKind; subject: { title: string | null; id: string }; before: unknown; after: unknown };

const priceOf = (side: unknown) => (side as { price?: string | null } | null)?.price ?? "?";

/** One sentence a person reads in the feed, the e-mail and the dashboard. */
export function describeAlert(alert: Describable): string {
  const name = alert.subject.title ?? alert.subject.id;
  switch (alert.kind) {
    case "app_installed":
      return `Installed ${name}`;
    case "app_removed":
      return `Removed ${name}`;
    case "theme_changed":
      return `Theme changed to ${name}`;
    case "product_added":
      return `New product: ${name}`;
    case "price_changed": {
      const percent = priceChangePercent(alert.before, alert.after);
      const direction = percent !== null && percent < 0 ? "dropped" : "rose";
      const amount = percent === null ? "" : ` ${Math.abs(Math.round(percent))}%`;

      return `Price of ${name} ${direction}${amount}, from ${priceOf(alert.before)} to ${priceOf(alert.after)}`;
    }
    case "sold_out":
      return `Sold out: ${name}`;
    case "back_in_stock":
      return `Back in stock: ${name}`;
    case "store_unreachable":
      return "The store could not be analyzed";
    case "store_blocking":
      return "The store blocked our analysis";
  }
}
