import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";
import { MAX_TAGS } from "./collect-tags";
import { tagKindSchema, type Marketing } from "./schemas";

/** What the render found, as lib/render keeps it: a tag's kind is its `slug`. */
type RenderedFinding = {
  kind: string;
  slug: string;
  name: string;
  id?: string | null;
  evidence: string;
  source?: EvidenceSource;
  confidence?: Confidence;
};

/** Tags seen only after render join the home page's tags, their evidence saying so (it starts "after render:"). */
export function mergeTagsFoundAfterRender(marketing: Marketing, found: readonly RenderedFinding[]): Marketing {
  const known = (kind: string, id: string | null) => marketing.tags.some((tag) => tag.kind === kind && tag.id === id);
  const added = found.flatMap((finding) => {
    const kind = tagKindSchema.safeParse(finding.slug);
    if (finding.kind !== "tag" || !kind.success || known(kind.data, finding.id ?? null)) return [];
    const { name, evidence } = finding;

    return [
      {
        kind: kind.data,
        name,
        id: finding.id ?? null,
        evidence,
        source: finding.source ?? ("script" as const),
        confidence: finding.confidence ?? ("medium" as const),
      },
    ];
  });

  return added.length === 0 ? marketing : { ...marketing, tags: [...marketing.tags, ...added].slice(0, MAX_TAGS) };
}
