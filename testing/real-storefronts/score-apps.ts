import type { PageAppExpectation } from "./expected-apps";
import type { PageScore } from "./score";
import type { StorefrontTruth } from "./truth";

/** What the report says about a page's apps (metadata.apps and metadata.unidentified_apps). */
export type ReportedApps = {
  apps: readonly { slug: string; first_party?: true }[];
  unidentified: readonly { handle: string | null; api_client_id: number | null; proxy_path?: string | null; script_host?: string | null }[];
};

/** The key an app is expected under: its slug, or `handle:`/`client:`/`proxy:`/`script:` for an unidentified one. */
export function reportedAppKeys(report: ReportedApps): { thirdParty: string[]; firstParty: string[] } {
  return {
    thirdParty: [
      ...report.apps.filter((app) => !app.first_party).map((app) => app.slug),
      ...report.unidentified.map((app) =>
        app.handle !== null
          ? `handle:${app.handle}`
          : app.proxy_path
            ? `proxy:${app.proxy_path}`
            : app.script_host
              ? `script:${app.script_host}`
              : `client:${app.api_client_id}`,
      ),
    ],
    firstParty: report.apps.filter((app) => app.first_party).map((app) => app.slug),
  };
}

/**
 * Scores a page's reported apps against its truth. Certain truth apps count (found or missed);
 * uncertain ones and the expectation's `also` list may be reported without counting either way.
 * Shopify's own apps are reported apart (first_party) and are no third-party claim, so they are
 * never extra; the truth lists some of them (Product Reviews) among its apps, and those count as found. A truth app missing from the expectation table throws: the table must follow truth.json.
 */
export function scoreApps(truth: StorefrontTruth, expectation: PageAppExpectation, report: ReportedApps): PageScore {
  const { thirdParty, firstParty } = reportedAppKeys(report);
  const reported = new Set([...thirdParty, ...firstParty]);
  const allowed = new Set(expectation.also ?? []);
  let expected = 0;
  let found = 0;
  const missed: string[] = [];
  for (const app of truth.apps) {
    const key = expectation.apps[app.vendor];
    if (key === undefined) throw new Error(`${truth.file}: no expectation for truth app "${app.vendor}" (expected-apps.ts)`);
    allowed.add(key);
    if (app.uncertain) continue;
    expected += 1;
    if (reported.has(key)) found += 1;
    else missed.push(`${app.vendor} (${key})`);
  }

  return { expected, found, missed, extra: thirdParty.filter((key) => !allowed.has(key)) };
}
