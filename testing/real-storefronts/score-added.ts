import { findAppBySlug } from "@/lib/apps";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { readMarkets } from "@/lib/markets/read-markets";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { readSocials } from "@/lib/socials/read-socials";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { splitUrl } from "@/lib/technologies/host-index";
import { nameKey } from "@/lib/technologies/overlap";
import { siteOfUrl } from "@/lib/technologies/sites";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import type { AddedPage, AddedTruth, PageSet } from "./added-pages";
import type { PageScore } from "./score";
import type { ReportedApps } from "./score-apps";
import { scoreLanguages } from "./score-languages";
import { scoreSocials } from "./score-socials";
import { scoreTags } from "./score-tags";

// Scores every detector on the added pages (added-pages.ts) against what the reader found, per
// set, with recall and precision and the misses named: the held-out figures of docs/benchmarks.md.

export const DETECTORS = ["apps", "tags", "themes", "socials", "languages"] as const;
export type Detector = (typeof DETECTORS)[number];

/** Lowercase letters and digits only: "Judge.me" and "judge-me" compare equal. */
const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** An extension folder carries its version (`kaching-bundles-836`); the app is the name before it. */
const handleKeys = (handle: string) => [key(handle), key(handle.replace(/-\d+$/, ""))];

/**
 * A ScriptTag host names its vendor as the host (`contactform.hulkapps.com`), the host without its
 * suffix (`contactform.hulkapps`), its site (`hulkapps.com`, a tenant's `gdprcdn.b-cdn.net`) or the
 * site's name (`hulkapps`, `gdprcdn`): the forms a reader writes a script host in.
 */
function hostKeys(host: string): string[] {
  const site = siteOfUrl(`https://${host}/`);
  if (!site) return [key(host)];
  const suffix = site.site.slice(site.name.length);
  const bare = host.endsWith(suffix) ? host.slice(0, host.length - suffix.length) : host;

  return [key(host), key(bare), key(site.site), key(site.name)];
}

/**
 * The names a reported app goes by: its slug and name, the same without a closing "app" word (the
 * base's "CJDropshipping app" is the reader's "CJdropshipping"), the App Store handles the catalog
 * knows it by (Booster's loyalty app is Rivo's listing, `loyalty-rewards-and-referrals`), and the
 * host of the URL it was found by, in the forms a reader writes a script host in (hostKeys): the
 * reader lists an app's script host among its names so that the score does not hang on one
 * catalog's naming ("Lifter popup" by `lifterpopup.com`, whatever a base calls the app).
 */
function reportedAppKeys(app: { slug: string; name?: string; evidence?: string }): string[] {
  const names = [app.slug, app.name ?? ""];
  const keys = names.flatMap((name) => [key(name), nameKey(name)]);
  const host = app.evidence ? splitUrl(app.evidence.trim())?.host : undefined;

  return [...new Set([...keys, ...(findAppBySlug(app.slug)?.patterns.handles ?? []).map(key), ...(host ? hostKeys(host) : [])])].filter(
    Boolean,
  );
}

function truthAppKeys(app: AddedTruth["apps"][number]): string[] {
  return [key(app.vendor), ...app.ids.map((id) => (id.startsWith("client:") ? `client${id.slice(7)}` : key(id)))];
}

/** What the report says about a page's apps, with the names the score matches on. */
export type ReportedAppsByName = {
  apps: readonly { slug: string; name?: string; evidence?: string; first_party?: true }[];
  unidentified: ReportedApps["unidentified"];
};

/**
 * Apps, matched by name rather than by one catalog's slugs: a truth app is found when a reported
 * app's slug, name, handle, app proxy path or `client:<id>` equals one of the names the reader listed for it.
 * Extra: a reported third-party app that is none of the truth's apps (uncertain ones included),
 * nor a tag or service the reader listed under pixels or other_third_party (the catalog keeps some
 * tags as analytics apps). Shopify's own apps are never extra.
 */
export function scoreAddedApps(truth: AddedTruth, report: ReportedAppsByName): PageScore {
  const reported = [
    ...report.apps.filter((app) => !app.first_party).map((app) => ({ label: app.slug, keys: reportedAppKeys(app), firstParty: false })),
    ...report.apps.filter((app) => app.first_party).map((app) => ({ label: app.slug, keys: reportedAppKeys(app), firstParty: true })),
    ...report.unidentified.map((app) =>
      app.handle !== null
        ? { label: `handle:${app.handle}`, keys: handleKeys(app.handle), firstParty: false }
        : app.api_client_id !== null
          ? { label: `client:${app.api_client_id}`, keys: [`client${app.api_client_id}`], firstParty: false }
          : app.script_host
            ? { label: `script:${app.script_host}`, keys: hostKeys(app.script_host), firstParty: false }
            : // An app proxy (`/apps/<path>`): named by the path its app chose.
              { label: `proxy:${app.proxy_path ?? ""}`, keys: handleKeys(app.proxy_path ?? ""), firstParty: false },
    ),
  ];
  const matches = (keys: string[], app: AddedTruth["apps"][number]) => {
    const wanted = truthAppKeys(app);
    return keys.some((k) => k.length > 0 && wanted.includes(k));
  };
  const certain = truth.apps.filter((app) => !app.uncertain);
  const missed = certain.filter((app) => !reported.some((r) => matches(r.keys, app)));
  const elsewhere = [...truth.pixels.map((pixel) => pixel.type), ...(truth.other_third_party ?? [])];
  const listedElsewhere = elsewhere.map(key).filter((text) => text.length >= 5);
  // "microsoft-ads-uet" is the pixel "Microsoft Ads (Bing UET)": every word of the slug is in it.
  const wordsElsewhere = elsewhere.map((text) => new Set(text.toLowerCase().split(/[^a-z0-9]+/)));
  const namesTagOrService = (label: string) => {
    const words = label
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    return words.length > 1 && wordsElsewhere.some((set) => words.every((word) => set.has(word)));
  };
  const extra = reported.filter(
    (r) =>
      !r.firstParty &&
      !truth.apps.some((app) => matches(r.keys, app)) &&
      !r.keys.some((k) => k.length >= 5 && listedElsewhere.some((text) => text.includes(k) || k.includes(text))) &&
      !namesTagOrService(r.label),
  );

  return {
    expected: certain.length,
    found: certain.length - missed.length,
    missed: missed.map((app) => `${app.vendor} (${app.ids.join(" | ")})`),
    extra: extra.map((r) => r.label),
  };
}

/** The theme: found when the page's theme name is read as the reader wrote it (runs of spaces collapsed on both sides); a different name is extra. */
export function scoreTheme(truth: AddedTruth, detected: string | null | undefined): PageScore {
  const name = detected?.replace(/\s+/g, " ").trim() ?? null;
  // Both sides: a reader may copy a name's double space ("TheMainTheme -  Fragrance Buy") as written.
  const right = name === (truth.theme.name?.replace(/\s+/g, " ").trim() ?? null);

  return {
    expected: 1,
    found: right ? 1 : 0,
    missed: right ? [] : [`theme "${truth.theme.name}" (read: ${name === null ? "none" : `"${name}"`})`],
    extra: right || name === null ? [] : [`theme "${name}"`],
  };
}

/** Every detector's score on one page. */
export function scorePage(page: AddedPage): Record<Detector, PageScore> {
  const $ = loadHtml(page.html);
  const signals = readPageSignals($);

  return {
    apps: scoreAddedApps(page.truth, reportStorefrontApps($)),
    tags: scoreTags(page.truth, detectMarketing($)),
    themes: scoreTheme(page.truth, parseStorefrontDocument($).theme?.name),
    socials: scoreSocials(page.truth, readSocials([{ signals, seenOn: "/" }])),
    languages: scoreLanguages(page.truth, readMarkets(signals)),
  };
}

export type SetScore = {
  pages: number;
  expected: number;
  found: number;
  extra: number;
  /** found / expected (1 when nothing was expected). */
  recall: number;
  /** found / (found + extra): of what was reported and counts, the share that is right (1 when nothing was). */
  precision: number;
  missed: string[];
  extras: string[];
};

/** Scores per set and detector, with every miss and extra named `page: what`. */
export function scoreSets(pages: readonly AddedPage[]): Record<PageSet, Record<Detector, SetScore>> {
  const empty = (): SetScore => ({ pages: 0, expected: 0, found: 0, extra: 0, recall: 1, precision: 1, missed: [], extras: [] });
  const result = {
    tuning: Object.fromEntries(DETECTORS.map((d) => [d, empty()])),
    "held-out": Object.fromEntries(DETECTORS.map((d) => [d, empty()])),
  } as Record<PageSet, Record<Detector, SetScore>>;
  for (const page of pages) {
    const scores = scorePage(page);
    for (const detector of DETECTORS) {
      const total = result[page.set][detector];
      const score = scores[detector];
      total.pages += 1;
      total.expected += score.expected;
      total.found += score.found;
      total.extra += score.extra.length;
      total.missed.push(...score.missed.map((m) => `${page.page}: ${m}`));
      total.extras.push(...score.extra.map((m) => `${page.page}: ${m}`));
    }
  }
  for (const set of Object.values(result)) {
    for (const total of Object.values(set)) {
      total.recall = total.expected === 0 ? 1 : total.found / total.expected;
      total.precision = total.found + total.extra === 0 ? 1 : total.found / (total.found + total.extra);
    }
  }

  return result;
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/**
 * The scores as a Markdown table and lists of misses and extras, held-out first. A set scored on
 * no page (`--set=tuning`) has no column and no list: a tuning run shows nothing of the held-out set.
 */
export function formatScores(scores: Record<PageSet, Record<Detector, SetScore>>): string {
  const sets = (["held-out", "tuning"] as const).filter((set) => DETECTORS.some((d) => scores[set][d].pages > 0));
  const lines = [
    `| detector | ${sets.map((set) => `${set} recall | ${set} precision`).join(" | ")} |`,
    `|---|${sets.map(() => "---|---").join("|")}|`,
    ...DETECTORS.map((d) => {
      const cells = sets.map((set) => {
        const s = scores[set][d];
        return `${percent(s.recall)} (${s.found} of ${s.expected}) | ${percent(s.precision)} (${s.extra} extra)`;
      });
      return `| ${d} | ${cells.join(" | ")} |`;
    }),
  ];
  for (const set of sets) {
    for (const d of DETECTORS) {
      const s = scores[set][d];
      if (s.missed.length > 0) lines.push("", `${set} ${d} missed:`, ...s.missed.map((m) => `- ${m}`));
      if (s.extras.length > 0) lines.push("", `${set} ${d} extra:`, ...s.extras.map((m) => `- ${m}`));
    }
  }

  return lines.join("\n");
}
