import { buildTechnologyList, IMPORTED_BASES, type Technology } from "@/lib/technologies/catalog";
import { APP_CATALOG } from "./catalog";

/**
 * Every technology StoreLens reports, in one typed list: the apps of our catalog, the tags and
 * pixels, payments, analytics, A/B testing, error tracking, search and the rest of the imported
 * bases (lib/technologies), each once with one category and its source.
 */
export const TECHNOLOGIES: readonly Technology[] = buildTechnologyList(APP_CATALOG, IMPORTED_BASES);

const BY_SLUG = new Map<string, Technology>(TECHNOLOGIES.map((tech) => [tech.slug, tech]));

/** The list's entry for a slug (an app's slug, a tag kind, a fingerprint's slug), or undefined. */
export function findTechnology(slug: string): Technology | undefined {
  return BY_SLUG.get(slug);
}
