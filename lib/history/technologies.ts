import type { TECHNOLOGIES, TECHNOLOGY_EVENT_KINDS } from "@/db/schema";
import { readFindings, type StoredFindings } from "@/lib/findings";
import { agentEndpointAnswers, AGENT_CAPABILITY_LABELS, storeTechnologiesOf } from "@/lib/store-directory/store-technologies";

export type Technology = (typeof TECHNOLOGIES)[number];
export type TechnologyEventKind = (typeof TECHNOLOGY_EVENT_KINDS)[number];

/** One technology a report saw: its stable key, its name for people, and (a theme) its version. */
export type Sighting = { technology: Technology; key: string; label: string; detail: string | null };

/**
 * What one report says of each technology: the ones it saw, and the keys it could not tell
 * about (an agent endpoint that timed out); null when the report cannot say at all (its home
 * page was not read, it predates the finding). Only what both reports can say is compared.
 */
type Reading = { seen: Sighting[]; unknown: ReadonlySet<string> };
export type TechnologyReading = Reading | null;
export type TechnologyReadings = Record<Technology, TechnologyReading>;

/** A technology that came, went or changed between two reports. */
export type TechnologyChange = Sighting & { kind: TechnologyEventKind; before: string | null; after: string | null };

const NONE: ReadonlySet<string> = new Set();

const reading = (technology: Technology, items: { key: string; label: string; detail?: string | null }[]): Reading => ({
  seen: items.map((item) => ({ technology, key: item.key, label: item.label, detail: item.detail ?? null })),
  unknown: NONE,
});

/**
 * Whether the report read the store's home page, where apps, theme, tags, languages and socials
 * come from: its marketing finding is there whenever the page was read (and older reports, built
 * before it, name a theme when they read the page).
 */
function homePageRead(findings: StoredFindings): boolean {
  return findings.marketing !== undefined || (findings.theme?.value ?? null) !== null;
}

function themeLabel(name: string, version: string | null): string {
  return version ? `${name} ${version}` : name;
}

/** The AGENT_FIELDS of the directory, with the statuses that say "absent" rather than "could not tell". */
const AGENT_KEYS = [
  ["storefront_mcp", "storefront_mcp"],
  ["ucp", "ucp_profile"],
  ["llms_txt", "llms_txt"],
] as const;

function agentReading(findings: StoredFindings): TechnologyReading {
  const agent = findings.agent_readiness?.value;
  if (!agent) return null;
  const seen: { key: string; label: string }[] = [];
  const unknown = new Set<string>();
  for (const [capability, field] of AGENT_KEYS) {
    const status = agent[field].status;
    if (agentEndpointAnswers(status)) seen.push({ key: capability, label: AGENT_CAPABILITY_LABELS[capability] });
    else if (status !== "absent") unknown.add(capability);
  }

  return { ...reading("agent_endpoint", seen), unknown };
}

/** Every technology a stored report's metadata names, read leniently (lib/findings). */
export function technologiesOf(metadata: unknown): TechnologyReadings {
  const findings = readFindings(metadata);
  const directory = storeTechnologiesOf(metadata);
  const page = homePageRead(findings);
  const theme = findings.theme?.value ?? null;
  const themeName = theme ? (theme.schemaName ?? theme.name) : null;
  const shipsTo = typeof metadata === "object" && metadata !== null && "ships_to_countries" in metadata;
  const tagNames = new Map((findings.marketing?.value.tags ?? []).map((tag) => [tag.kind.toLowerCase(), tag.name]));

  return {
    app: page
      ? reading(
          "app",
          (findings.apps?.value ?? []).map((app) => ({ key: app.slug, label: app.name })),
        )
      : null,
    // A page with no theme named says nothing about a change of theme.
    theme: page && themeName ? reading("theme", [{ key: themeName, label: themeName, detail: theme?.schemaVersion ?? null }]) : null,
    tag:
      page && findings.marketing
        ? reading(
            "tag",
            directory.tags.map((kind) => ({ key: kind, label: tagNames.get(kind) ?? kind })),
          )
        : null,
    language:
      page && findings.markets
        ? reading(
            "language",
            directory.languages.map((code) => ({ key: code, label: code })),
          )
        : null,
    market: shipsTo
      ? reading(
          "market",
          directory.markets.map((code) => ({ key: code, label: code })),
        )
      : null,
    social:
      page && findings.socials
        ? reading(
            "social",
            distinctBy(
              findings.socials.value.profiles.map((p) => ({
                key: `${p.network}:${p.handle.toLowerCase()}`,
                label: `${p.network} ${p.handle}`,
              })),
            ),
          )
        : null,
    agent_endpoint: agentReading(findings),
  };
}

function distinctBy<T extends { key: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.key, item])).values()];
}

const ADDED: Record<Exclude<Technology, "theme">, TechnologyEventKind> = {
  app: "app_installed",
  tag: "tag_added",
  language: "language_added",
  market: "market_added",
  social: "social_added",
  agent_endpoint: "agent_endpoint_added",
};
const REMOVED: Record<Exclude<Technology, "theme">, TechnologyEventKind> = {
  app: "app_removed",
  tag: "tag_removed",
  language: "language_removed",
  market: "market_removed",
  social: "social_removed",
  agent_endpoint: "agent_endpoint_removed",
};

/**
 * What changed from one report's technologies to the next's, only where both can say: a theme
 * of another name or version is one change, every other technology comes or goes by its key.
 */
export function diffTechnologies(previous: TechnologyReadings, current: TechnologyReadings): TechnologyChange[] {
  const changes: TechnologyChange[] = [];
  const before = previous.theme?.seen[0];
  const after = current.theme?.seen[0];
  if (before && after && (before.key !== after.key || before.detail !== after.detail)) {
    changes.push({
      ...after,
      key: "theme",
      kind: "theme_changed",
      before: themeLabel(before.key, before.detail),
      after: themeLabel(after.key, after.detail),
    });
  }
  for (const technology of Object.keys(ADDED) as (keyof typeof ADDED)[]) {
    const was = previous[technology];
    const is = current[technology];
    if (!was || !is) continue;
    const unknown = (key: string) => was.unknown.has(key) || is.unknown.has(key);
    const wasKeys = new Set(was.seen.map((s) => s.key));
    const isKeys = new Set(is.seen.map((s) => s.key));
    for (const sighting of is.seen) {
      if (!wasKeys.has(sighting.key) && !unknown(sighting.key))
        changes.push({ ...sighting, kind: ADDED[technology], before: null, after: null });
    }
    for (const sighting of was.seen) {
      if (!isKeys.has(sighting.key) && !unknown(sighting.key))
        changes.push({ ...sighting, kind: REMOVED[technology], before: null, after: null });
    }
  }

  return changes;
}
