import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import type { QuickLook } from "@/lib/quick-look/schemas";
import { agentReadinessLines, CRAWLER_VERDICT_TEXT } from "@/components/reports/agent-readiness-lines";

/** At most this many names per row; the full report lists them all. */
const SHOWN = 12;

function names(values: readonly string[]): string {
  const shown = values.slice(0, SHOWN).join(", ");

  return values.length > SHOWN ? `${shown} and ${values.length - SHOWN} more` : shown;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The quick look as the signed-out home page shows it, with the way to the full analysis. */
export function QuickLookResult({ look }: { look: QuickLook }) {
  const { home_page: home, theme, apps, marketing, socials, markets, agent_readiness: agents } = look;
  const tags = marketing?.tags.map((tag) => (tag.id ? `${tag.name} (${tag.id})` : tag.name)) ?? [];
  const pixels = marketing?.custom_pixels.count ?? 0;
  const languages = markets?.languages.filter((language) => language.code !== "x-default").map((language) => language.code) ?? [];
  const allowedCrawlers = agents.ai_crawlers.crawlers.filter((crawler) => crawler.verdict !== "disallowed").length;
  const signIn = look.full_analysis.sign_up_url.replace(/^\/sign-up/, "/sign-in");

  return (
    <section
      aria-labelledby="quick-look-heading"
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="quick-look"
    >
      <h2 id="quick-look-heading" className="text-lg font-semibold break-words">
        Quick look at {look.domain}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Read from the store&apos;s home page alone, {formatDate(look.read_at, true)}.</p>
      {home.problem ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {home.problem.message}.
        </p>
      ) : null}
      {home.read ? (
        <dl className="mt-3 divide-y divide-slate-200">
          <Row label="Theme">
            {theme
              ? `${theme.name ?? "Unnamed"}${theme.schemaName && theme.schemaName !== theme.name ? ` (based on ${theme.schemaName})` : ""}`
              : "Not named on the page"}
          </Row>
          <Row label="Apps">{apps.length > 0 ? names(apps.map((app) => app.name)) : "None detected"}</Row>
          <Row label="Tags and pixels">
            {tags.length > 0 ? names(tags) : "None found"}
            {pixels > 0 ? `; ${pixels} custom ${pixels === 1 ? "pixel" : "pixels"}` : ""}
          </Row>
          <Row label="Socials">
            {socials && socials.profiles.length > 0
              ? names(socials.profiles.map((profile) => `${profile.network}: ${profile.handle}`))
              : "None on the home page"}
          </Row>
          <Row label="Languages">{languages.length > 0 ? names(languages) : markets?.locale ? `${markets.locale} only` : "Not stated"}</Row>
          <Row label="AI agents">
            <ul className="space-y-1">
              {agentReadinessLines(agents).map((line) => (
                <li key={line.label}>{line.text}</li>
              ))}
              <li>
                robots.txt: {allowedCrawlers} of {agents.ai_crawlers.crawlers.length} AI crawlers not shut out; for all crawlers:{" "}
                {CRAWLER_VERDICT_TEXT[agents.ai_crawlers.everyone].toLowerCase()}
              </li>
            </ul>
          </Row>
        </dl>
      ) : null}
      <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          The full report adds every product and price, collections, pages, changes since the last analysis, screenshots and PageSpeed.
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link
            href={look.full_analysis.sign_up_url}
            className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700"
          >
            Get the full report
          </Link>
          <Link href={signIn} className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
            I have an account: sign in
          </Link>
        </div>
        {look.full_analysis.x402_price_usd ? (
          <p className="text-sm text-slate-600">
            No account? Agents and scripts can pay USD {look.full_analysis.x402_price_usd} per analysis with x402 at{" "}
            <code className="rounded bg-slate-100 px-1 break-all">POST /api/jobs</code> (see the{" "}
            <Link href="/docs" className="text-indigo-700 underline hover:text-indigo-900">
              API
            </Link>
            ).
          </p>
        ) : null}
      </div>
    </section>
  );
}
