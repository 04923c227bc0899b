import { escapeMarkdown } from "./render-markdown";
import type { WeekWindow, WeeklyStats } from "./weekly-stats";

const count = new Intl.NumberFormat("en-US");
const day = (date: Date) => date.toISOString().slice(0, 10);
const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? "±0" : String(n));

/** The weekly post as Markdown: every figure comes from `stats`, every name is escaped. */
export function writeWeeklyPost(window: WeekWindow, stats: WeeklyStats, siteUrl: string) {
  const lastDay = new Date(window.end.getTime() - 1);
  const title = `Shopify directory weekly: ${day(window.start)} to ${day(lastDay)}`;
  const summary =
    `${count.format(stats.stores_analyzed)} stores analyzed, ${count.format(stats.new_stores.count)} new to the directory` +
    (stats.top_apps[0] ? `; ${stats.top_apps[0].name} is the most-installed app.` : ".");
  const link = (name: string, path: string) => `[${escapeMarkdown(name)}](${siteUrl}${path})`;
  const lines: string[] = [
    `Between ${day(window.start)} and ${day(lastDay)} StoreLens analyzed **${count.format(stats.stores_analyzed)}** Shopify stores; ` +
      `the directory now holds **${count.format(stats.directory_size)}**.`,
    "",
    "## New stores of the week",
    "",
  ];
  if (stats.new_stores.count === 0) lines.push("No store joined the directory this week.");
  else {
    lines.push(`${count.format(stats.new_stores.count)} stores were analyzed for the first time. The largest catalogs among them:`, "");
    for (const store of stats.new_stores.top)
      lines.push(`- ${link(store.name, `/stores/${store.slug}`)}: ${count.format(store.product_count)} products`);
  }
  lines.push("", "## Most-installed apps", "");
  if (stats.top_apps.length === 0) lines.push("No cataloged app was detected yet.");
  else {
    lines.push("| App | Stores | Since last week |", "| --- | ---: | ---: |");
    for (const app of stats.top_apps) {
      lines.push(
        `| ${link(app.name, `/apps/${app.slug}`)} | ${count.format(app.stores)} | ${app.change === null ? "new" : signed(app.change)} |`,
      );
    }
  }
  lines.push("", "## Theme share", "");
  if (stats.theme_share.length === 0) lines.push("No theme was identified yet.");
  else
    for (const theme of stats.theme_share)
      lines.push(`- ${escapeMarkdown(theme.theme)}: ${count.format(theme.stores)} stores (${theme.share}%)`);
  lines.push("", "## Biggest catalog movers", "");
  if (stats.catalog_movers.length === 0) lines.push("No store's catalog changed between two analyses this week.");
  else {
    for (const mover of stats.catalog_movers) {
      lines.push(
        `- ${link(mover.name, `/stores/${mover.slug}`)}: ${count.format(mover.added)} products added, ${count.format(mover.removed)} removed (${signed(mover.net)})`,
      );
    }
  }
  lines.push("", "*Figures are read from the StoreLens directory: stores analyzed by our users and their public storefront data.*", "");

  return { title, summary, body: lines.join("\n") };
}
