import type { AgentReadiness } from "@/lib/agent-readiness/schemas";
import { readFindings } from "@/lib/findings";
import type { AgentCapability } from "./schemas";

/**
 * What the directory filters a store by, from its latest report: marketing tag kinds
 * ("meta-pixel"), base language codes ("fr" for fr-CA), ships-to countries ("FR") and the agent
 * endpoints that answered. Kept on the store's row (stores.tag_kinds, languages, markets,
 * agent_readiness).
 */
export type StoreTechnologies = { tags: string[]; languages: string[]; markets: string[]; agent: AgentCapability[] };

/** How the directory names each agent endpoint. */
export const AGENT_CAPABILITY_LABELS: Record<AgentCapability, string> = {
  storefront_mcp: "Answers Storefront MCP",
  ucp: "Has a UCP profile",
  llms_txt: "Has an llms.txt",
};

export const NO_TECHNOLOGIES: StoreTechnologies = { tags: [], languages: [], markets: [], agent: [] };

// A report's lists are capped where they are read; these bound what one row keeps all the same.
const MAX_TAGS = 100;
const MAX_LANGUAGES = 50;
const MAX_MARKETS = 300;

const TAG_KIND = /^[a-z0-9][a-z0-9-]{0,59}$/;
const BASE_LANGUAGE = /^[a-z]{2,3}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** The agent endpoints of a report, by their key under `metadata.agent_readiness.value`. */
const AGENT_FIELDS = [
  ["storefront_mcp", "storefront_mcp"],
  ["ucp", "ucp_profile"],
  ["llms_txt", "llms_txt"],
] as const satisfies readonly (readonly [AgentCapability, keyof AgentReadiness])[];

/** Whether an agent endpoint's status says the store has it: it answered, or the file is there. */
export function agentEndpointAnswers(status: unknown): boolean {
  return status === "answers" || status === "present";
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown, max = 100): string | null {
  return typeof value === "string" && value.length <= max ? value.trim() : null;
}

/** Each accepted value once, in first-seen order, at most `cap` of them. */
function distinct(values: (string | null)[], accept: RegExp, cap: number): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    if (kept.size >= cap) break;
    if (value !== null && accept.test(value)) kept.add(value);
  }

  return [...kept];
}

/** "pt-BR" → "pt", "x-default" → null: the language a BCP 47 tag names, lower-case. */
function baseLanguage(tag: string | null): string | null {
  if (!tag) return null;
  const base = tag.split(/[-_]/, 1)[0]!.toLowerCase();

  return base === "x" || base === "i" ? null : base;
}

/**
 * The technologies a report's metadata names, from its findings as lib/findings reads them (a
 * report built before a finding lacks it; one of an older shape is read in the current one).
 * Store-derived values are filtered all the same: only well-formed codes file a store.
 */
export function storeTechnologiesOf(metadata: unknown): StoreTechnologies {
  const { marketing, markets, agent_readiness: agent } = readFindings(metadata);
  const languageTags = [markets?.value.locale ?? null, ...(markets?.value.languages ?? []).map((language) => language.code)];

  return {
    tags: distinct(
      (marketing?.value.tags ?? []).map((tag) => tag.kind.toLowerCase()),
      TAG_KIND,
      MAX_TAGS,
    ),
    languages: distinct(
      languageTags.map((tag) => baseLanguage(text(tag))),
      BASE_LANGUAGE,
      MAX_LANGUAGES,
    ),
    // Where it ships is the store's meta (products.json), not a finding: read as leniently as ever.
    markets: distinct(
      list(shipsTo(metadata)).map((code) => text(code, 10)?.toUpperCase() ?? null),
      COUNTRY,
      MAX_MARKETS,
    ),
    agent: AGENT_FIELDS.filter(([, key]) => agent && agentEndpointAnswers(agent.value[key].status)).map(([capability]) => capability),
  };
}

function shipsTo(metadata: unknown): unknown {
  const field = typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>).ships_to_countries : undefined;

  return typeof field === "object" && field !== null ? (field as Record<string, unknown>).value : undefined;
}
