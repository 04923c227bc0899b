import { boundText } from "@/lib/bound-text";
import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";
import type { MarketingTag } from "./schemas";
import { TAG_KINDS, type TagKind } from "./tag-kinds";

/** A page names a handful of tags; past this it is not a real storefront's list. */
export const MAX_TAGS = 100;
const EVIDENCE_MAX = 160;

const STRENGTH: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

/**
 * Kinds whose ids tell accounts apart by case (Quantcast's `p-` codes mix cases). Every other id
 * (Google's G-/GTM-, hex pixel ids, UUIDs) names one account whatever its case, so `G-ABC123` and
 * `g-abc123` are one tag.
 */
const CASE_SENSITIVE_IDS: ReadonlySet<TagKind> = new Set(["quantcast"]);

/** The key one tag is gathered under: its kind and its id, compared without case where case means nothing. */
export function tagKey(kind: TagKind, id: string | null): string {
  return `${kind}\n${id === null ? "" : CASE_SENSITIVE_IDS.has(kind) ? id : id.toLowerCase()}`;
}

/**
 * Gathers the tags the readers find, one per (kind, id) — the same GA4 id is usually in the web
 * pixel, the gtag events and a script, not always spelled in one case — keeping the strongest
 * evidence (the first of equals).
 */
export class TagCollector {
  private readonly tags = new Map<string, MarketingTag>();

  get full(): boolean {
    return this.tags.size >= MAX_TAGS;
  }

  add(kind: TagKind, id: string | null, found: { evidence: string; source: EvidenceSource; confidence: Confidence }) {
    const key = tagKey(kind, id);
    const known = this.tags.get(key);
    if (known ? STRENGTH[known.confidence] >= STRENGTH[found.confidence] : this.full) return;
    this.tags.set(key, {
      kind,
      name: TAG_KINDS[kind],
      id,
      // A pretty-printed snippet spans lines; its evidence reads as one.
      evidence: boundText(found.evidence.replace(/\s+/g, " ").trim(), EVIDENCE_MAX),
      source: found.source,
      confidence: found.confidence,
    });
  }

  /** The tags in the order found; a kind seen without an id is left out when it was also seen with one. */
  result(): MarketingTag[] {
    const all = [...this.tags.values()];
    const kindsWithId = new Set(all.filter((tag) => tag.id !== null).map((tag) => tag.kind));

    return all.filter((tag) => tag.id !== null || !kindsWithId.has(tag.kind));
  }
}
