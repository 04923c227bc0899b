import Link from "next/link";
import type { ReactNode } from "react";
import { agentReadinessLines } from "@/components/reports/agent-readiness-lines";
import { formatLanguage, plural } from "@/components/ui/format";
import { ReportSection } from "@/components/reports/report-section";
import { NETWORK_NAMES } from "@/components/reports/socials-section";
import { WORDS } from "@/components/reports/store-detail-rows";
import { FINDINGS, type Words } from "@/lib/findings";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

const chip = "rounded-full px-3 py-1 text-sm ring-1";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <div className="min-w-0 text-sm text-slate-800">{children}</div>
    </div>
  );
}

/**
 * What the latest report read on the storefront besides theme and apps: its tags, its profiles,
 * its languages and what it offers AI agents. Each links to the directory's stores that share it;
 * the report page has the evidence behind every one.
 */
export function StoreStorefrontSection({ data }: { data: StorePageData }) {
  const { marketing, socials, markets, agent_readiness: agents } = data.storefront;
  const more = moreRows(data.storefront);
  if (!marketing && !socials && !markets && !agents && more.length === 0) return null;
  const languages = [...new Set((markets?.languages ?? []).map((l) => l.code).filter((code) => code !== "x-default"))];

  return (
    <ReportSection id="storefront" title="Marketing, socials and agents">
      {marketing ? (
        <Row label="Pixels and tags">
          {marketing.tags.length === 0 ? (
            <p className="text-slate-500">No marketing or analytics tags on the home page.</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {marketing.tags.map((tag) => (
                <li key={`${tag.kind}:${tag.id ?? ""}`}>
                  <Link href={`/stores?tag=${tag.kind}`} className={`${chip} bg-amber-50 text-amber-900 ring-amber-200 hover:bg-amber-100`}>
                    {tag.name}
                    {tag.id ? <span className="break-all text-amber-800"> · {tag.id}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {marketing.custom_pixels.count > 0 ? (
            <p className="mt-2 text-slate-600">
              {plural(marketing.custom_pixels.count, "custom pixel")}
              {marketing.custom_pixels.names.length > 0 ? `: ${marketing.custom_pixels.names.join(", ")}` : ""}
            </p>
          ) : null}
        </Row>
      ) : null}
      {socials && socials.profiles.length > 0 ? (
        <Row label="Social profiles">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {socials.profiles.map((profile) => (
              <li key={profile.url}>
                <a href={profile.url} rel="nofollow noopener noreferrer" className="text-indigo-700 underline hover:text-indigo-900">
                  {NETWORK_NAMES[profile.network]}
                  {profile.handle ? ` · ${profile.handle}` : ""}
                </a>
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      {languages.length > 0 ? (
        <Row label="Languages">
          <ul className="flex flex-wrap gap-2">
            {languages.slice(0, 30).map((code) => (
              <li key={code} className={`${chip} bg-slate-50 text-slate-800 ring-slate-200`}>
                {formatLanguage(code) ?? code} <span className="text-slate-500">{code}</span>
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      {agents ? (
        <Row label="AI agents">
          <ul className="space-y-1">
            {agentReadinessLines(agents).map((line) => (
              <li key={line.label} className={line.ok ? "text-emerald-800" : "text-slate-600"}>
                {line.text}
                {line.detail ? <span className="block text-xs text-slate-500">{line.detail}</span> : null}
              </li>
            ))}
          </ul>
          {agents.storefront_mcp.status === "answers" ? (
            <Link href="/stores?agent=storefront_mcp" className="mt-1 inline-block text-indigo-700 underline hover:text-indigo-900">
              Other stores that answer Storefront MCP
            </Link>
          ) : null}
        </Row>
      ) : null}
      {more.map((row) => (
        <Row key={row.key} label={row.label}>
          {row.text}
        </Row>
      ))}
    </ReportSection>
  );
}

/** The store-page findings this section does not draw itself, each a row of words its declaration gives (lib/findings). */
function moreRows(storefront: StorePageData["storefront"]): { key: string; label: string; text: string }[] {
  const found = storefront as Record<string, unknown>;

  return FINDINGS.flatMap((finding) => {
    const storePage =
      "storePage" in finding ? (finding.storePage as { label: string; text?: (value: unknown, words: Words) => string }) : undefined;
    const value = found[finding.key];
    if (!storePage?.text || value === null || value === undefined) return [];
    const text = storePage.text(value, WORDS);

    return text ? [{ key: finding.key, label: storePage.label, text }] : [];
  });
}
