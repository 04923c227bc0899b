import { OTHER_TECHNOLOGIES, TAG_HOST_PATTERNS } from "./catalog";
import { buildHostIndex, matchUrl } from "./host-index";

/**
 * Every host the list of technologies knows, apps of our catalog aside (their detector matches
 * them): the imported base and our hand-added technologies, and the hosts the tag kinds load.
 */
const KNOWN = buildHostIndex([
  ...OTHER_TECHNOLOGIES.flatMap((tech) => tech.hosts.map((pattern) => ({ pattern, owner: tech.slug }))),
  ...TAG_HOST_PATTERNS.map(({ pattern, kind }) => ({ pattern, owner: kind })),
]);

/** The slug of the technology or tag kind a URL belongs to, or null when the list knows none. */
export function knownTechnologyAt(url: string): string | null {
  return matchUrl(KNOWN, url)?.owner ?? null;
}
