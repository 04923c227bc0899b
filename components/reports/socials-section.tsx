import type { ReactNode } from "react";
import type { StoredFindings } from "@/lib/findings";
import type { SocialNetwork } from "@/lib/socials/schemas";
import type { Finding } from "@/lib/storefront-html/schemas";
import { FindingDetails } from "./finding-details";
import { EmptyNote, ReportSection } from "./report-section";

export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  youtube: "YouTube",
  pinterest: "Pinterest",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  threads: "Threads",
};

const seenOnText = (path: string) => (path === "/" ? "home page" : path);

function Row({ label, children, finding }: { label: string; children: ReactNode; finding: Finding & { seen_on: string } }) {
  return (
    <li className="border-b border-slate-100 py-2 text-sm last:border-b-0">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="w-28 shrink-0 text-slate-500">{label}</span>
        <span className="min-w-0 break-all text-slate-800">{children}</span>
        <span className="text-xs text-slate-500">seen on {seenOnText(finding.seen_on)}</span>
      </div>
      <div className="mt-1 sm:pl-31">
        <FindingDetails label={label} evidence={finding.evidence} source={finding.source} confidence={finding.confidence} />
      </div>
    </li>
  );
}

/**
 * The store's own profiles and public contact, as its pages give them. Links are the store's
 * word, not ours: nofollow, and opened without handing the store our page.
 */
export function SocialsSection({ socials }: { socials: StoredFindings["socials"] }) {
  if (!socials) return null;
  const { profiles, emails, phones } = socials.value;

  return (
    <ReportSection id="socials" title="Socials and contact" aside="Read from the store's home, contact and about pages">
      {profiles.length + emails.length + phones.length === 0 ? (
        <EmptyNote>The store&apos;s pages link no social profile, e-mail address or phone number.</EmptyNote>
      ) : (
        <ul>
          {profiles.map((profile) => (
            <Row key={profile.url} label={NETWORK_NAMES[profile.network]} finding={profile}>
              <a href={profile.url} rel="nofollow noopener noreferrer" target="_blank" className="text-indigo-700 hover:underline">
                {profile.handle}
              </a>
            </Row>
          ))}
          {emails.map((email) => (
            <Row key={email.address} label="E-mail" finding={email}>
              <a href={`mailto:${email.address}`} rel="nofollow" className="text-indigo-700 hover:underline">
                {email.address}
              </a>
            </Row>
          ))}
          {phones.map((phone) => (
            <Row key={phone.number} label="Phone" finding={phone}>
              <a href={`tel:${phone.number.replace(/[^\d+]/g, "")}`} rel="nofollow" className="text-indigo-700 hover:underline">
                {phone.number}
              </a>
            </Row>
          ))}
        </ul>
      )}
    </ReportSection>
  );
}
