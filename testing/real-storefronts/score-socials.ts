import { profileKey } from "@/lib/socials/profile-url";
import type { Socials } from "@/lib/socials/schemas";
import type { PageScore } from "./score";
import type { StorefrontTruth } from "./truth";

/** Profiles found against the truth's `socials`, matched by profile key (host without www., account path, no tracking query). */
export function scoreSocials(truth: StorefrontTruth, socials: Socials): PageScore {
  const expected = new Map(truth.socials.map((url) => [profileKey(url) ?? url, url]));
  const reported = new Map(socials.profiles.map((p) => [profileKey(p.url) ?? p.url, p.url]));

  return {
    expected: expected.size,
    found: [...expected.keys()].filter((key) => reported.has(key)).length,
    missed: [...expected].filter(([key]) => !reported.has(key)).map(([, url]) => url),
    extra: [...reported].filter(([key]) => !expected.has(key)).map(([, url]) => url),
  };
}
