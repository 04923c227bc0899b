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

/** The agent endpoints of a report, by the key each has under `metadata.agent_readiness.value`. */
const AGENT_FIELDS: [AgentCapability, ...string[]][] = [
  ["storefront_mcp", "storefront_mcp"],
  ["ucp", "ucp", "ucp_profile"],
  ["llms_txt", "llms_txt"],
];

/** Whether an agent endpoint's status says the store has it: it answered, or the file is there. */
export function agentEndpointAnswers(status: unknown): boolean {
  return status === "answers" || status === "present";
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
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
 * The technologies a report's metadata names. Read leniently: reports built before a field
 * existed lack it, and a value of an unexpected shape is skipped rather than refused.
 */
export function storeTechnologiesOf(metadata: unknown): StoreTechnologies {
  const marketing = field(field(metadata, "marketing"), "value");
  const markets = field(field(metadata, "markets"), "value");
  const agent = field(field(metadata, "agent_readiness"), "value");
  const languageTags = [text(field(markets, "locale")), ...list(field(markets, "languages")).map((l) => text(field(l, "code")))];

  return {
    tags: distinct(
      list(field(marketing, "tags")).map((tag) => text(field(tag, "kind"))?.toLowerCase() ?? null),
      TAG_KIND,
      MAX_TAGS,
    ),
    languages: distinct(languageTags.map(baseLanguage), BASE_LANGUAGE, MAX_LANGUAGES),
    markets: distinct(
      list(field(field(metadata, "ships_to_countries"), "value")).map((code) => text(code, 10)?.toUpperCase() ?? null),
      COUNTRY,
      MAX_MARKETS,
    ),
    agent: AGENT_FIELDS.filter(([, ...keys]) => keys.some((key) => agentEndpointAnswers(field(field(agent, key), "status")))).map(
      ([capability]) => capability,
    ),
  };
}
