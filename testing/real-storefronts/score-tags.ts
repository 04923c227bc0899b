import type { Marketing } from "@/lib/marketing/schemas";
import type { PageScore } from "./score";
import type { StorefrontTruth } from "./truth";

// Scores detectMarketing on one captured page against truth.json's `pixels`.

/** Truth entries for custom pixels name them ("Custom web pixel 'Name'", or "13795543 Convert; …"). */
function customPixelNames(entry: StorefrontTruth["pixels"][number]): string[] | null {
  if (!entry.type.toLowerCase().startsWith("custom web pixel")) return null;
  const quoted = /'([^']+)'/.exec(entry.type);
  if (quoted) return [quoted[1] as string];

  return (entry.id ?? "").split(";").map((part) => part.trim().replace(/^\d+\s+/, ""));
}

/**
 * Expected: every truth pixel with an id, matched by id (case aside); a custom-pixel entry is
 * found when each pixel it names is among the custom pixels' names. Extra: a tag whose id the
 * truth does not list, or a tag without id unless the truth lists an id-less pixel of that name
 * (a tag reported without an account must still be one a reader sees on the page).
 */
export function scoreTags(truth: StorefrontTruth, marketing: Marketing): PageScore {
  const ids = new Set(marketing.tags.flatMap((tag) => (tag.id ? [tag.id.toLowerCase()] : [])));
  const names = new Set(marketing.custom_pixels.names);
  const expected = truth.pixels.filter((entry) => entry.id !== null);
  const missed = expected.filter((entry) => {
    const custom = customPixelNames(entry);
    if (custom) return !custom.every((name) => names.has(name));
    return !ids.has((entry.id as string).toLowerCase());
  });
  const truthIds = new Set(expected.map((entry) => (entry.id as string).toLowerCase()));
  const idlessTypes = truth.pixels.filter((entry) => entry.id === null).map((entry) => entry.type.toLowerCase());
  const extra = marketing.tags.filter((tag) =>
    tag.id ? !truthIds.has(tag.id.toLowerCase()) : !idlessTypes.some((type) => type.includes(tag.name.toLowerCase())),
  );

  return {
    expected: expected.length,
    found: expected.length - missed.length,
    missed: missed.map((entry) => `${entry.type} ${entry.id}`),
    extra: extra.map((tag) => `${tag.kind} ${tag.id ?? "(no id)"}: ${tag.evidence}`),
  };
}
