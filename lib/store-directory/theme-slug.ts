/**
 * A theme name's slug, the rule of the generated column stores.theme_slug (migration 0033): lower
 * case, each run of other characters one hyphen, none at the ends ("Be Yours 7" → "be-yours-7").
 * Null when nothing is left. For links to /themes/<slug> from a name; filters use the column.
 */
export function themeSlugOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

  return slug === "" ? null : slug;
}
