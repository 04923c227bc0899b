import { readFile } from "node:fs/promises";
import path from "node:path";
import { renderMarkdown } from "@/lib/blog/render-markdown";

/** Where the dated API changelog is written: the repository's docs/, read as it ships. */
export const API_CHANGELOG_FILE = path.join(process.cwd(), "docs", "api-changelog.md");

/** The API changelog as safe HTML for /docs/changelog, without its title (the page has its own). */
export async function renderApiChangelog(): Promise<string> {
  const markdown = await readFile(API_CHANGELOG_FILE, "utf8");

  return renderMarkdown(markdown.replace(/^# .*\n/, ""));
}
