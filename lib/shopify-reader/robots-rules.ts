/**
 * robots.txt read and matched in time linear in what the store wrote (RFC 9309). robots-parser,
 * used before, matched each rule with a table as long as the path for every character of the
 * rule: `Disallow: /` + 500,000 `*` + `Q` against a 5,000-character path held the event loop
 * for 10 s. Here, per path, each rule costs at most O(its length + the path's length), with:
 *
 * - runs of `*` collapsed (`/**a` is `/*a`), so a rule is a list of literal pieces;
 * - a rule is matched piece after piece, each found by KMP from where the one before ended: the
 *   path is read forward once per rule (at most 2 × path steps), the pieces once each;
 * - a rule longer than MAX_RULE_LENGTH (once its `*` runs are collapsed), and each wildcard rule of a group past
 *   MAX_WILDCARD_RULES, is narrowed the safe way: an Allow is dropped, a Disallow keeps only its
 *   literal start (before the first `*`, cut to the cap) with its own length as priority, so it
 *   disallows at least what it did;
 * - a path longer than MAX_ROBOTS_PATH_LENGTH is disallowed without being matched.
 *
 * So one check costs at most MAX_WILDCARD_RULES × (2 × MAX_ROBOTS_PATH_LENGTH + MAX_RULE_LENGTH)
 * steps for the wildcard rules plus the literal rules' own lengths (the file's size at most, the
 * 512 KiB read cap), whatever the file says; `steps` counts them (robots-rules.test.ts holds it).
 *
 * Semantics kept from RFC 9309 (and robots-parser): the longest matching rule wins, Allow wins a
 * tie, `*` matches any run, a final `$` anchors the end, groups naming one product token
 * (case-insensitive, the part before a `/`) are merged, Crawl-delay is read per group.
 */

/** Paths longer than this (after normalization) are disallowed unread: no store asset needs one. */
export const MAX_ROBOTS_PATH_LENGTH = 2048;
/** A rule longer than this (normalized, `*` runs collapsed) is narrowed: see above. */
export const MAX_RULE_LENGTH = 2048;
/** Rules with a `*` matched as written in one group; the rest are narrowed: see above. */
export const MAX_WILDCARD_RULES = 200;

type Rule = {
  allow: boolean;
  /** The rule's length as written (normalized): the longest match wins. */
  priority: number;
  /** Ends with `$`: the last piece must end the path. */
  anchored: boolean;
  /** The pattern split at `*` (runs collapsed): the first piece starts the path. */
  pieces: string[];
  /** KMP failure tables of pieces[1..] (built once per group). */
  tables: Int32Array[];
};

/** One product token's rules: its groups merged. */
export type RobotsGroup = {
  rules: readonly Rule[];
  crawlDelay: number | undefined;
  /** Whether `path` (with its query) may be fetched, and the comparison steps it took. */
  verdict(path: string): { allowed: boolean; steps: number };
};

type RawGroup = { rules: { allow: boolean; pattern: string }[]; crawlDelay: number | undefined; named: boolean };

export type ParsedRobots = {
  /** The merged group naming `token` (case-insensitive), or null when none does. */
  group(token: string): RobotsGroup | null;
};

/**
 * Reads a robots.txt: one pass over the lines. A rule line is stored once on the group being
 * read, however many User-agent lines share it, so a file of many agents and many rules stays
 * linear (robots-parser copied each rule to each agent).
 */
export function parseRobotsTxt(text: string): ParsedRobots {
  const byAgent = new Map<string, RawGroup[]>();
  let current: RawGroup | null = null;
  let readingAgents = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf("#");
    const line = hash === -1 ? rawLine : rawLine.slice(0, hash);
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (!key) continue;
    if (key === "user-agent") {
      if (!readingAgents || !current) current = { rules: [], crawlDelay: undefined, named: false };
      const agent = productToken(value);
      if (agent) {
        const groups = byAgent.get(agent) ?? [];
        if (groups.at(-1) !== current) groups.push(current);
        byAgent.set(agent, groups);
      }
    } else if (current && (key === "allow" || key === "disallow")) {
      current.named = true;
      if (value) current.rules.push({ allow: key === "allow", pattern: value });
    } else if (current && key === "crawl-delay") {
      current.named = true;
      const delay = Number(value);
      if (!Number.isNaN(delay)) current.crawlDelay = delay;
    }
    readingAgents = key === "user-agent";
  }

  const compiled = new Map<string, RobotsGroup | null>();

  return {
    group(token) {
      const agent = productToken(token);
      if (!compiled.has(agent)) {
        const groups = (byAgent.get(agent) ?? []).filter((group) => group.named);
        compiled.set(agent, groups.length === 0 ? null : compileGroup(groups));
      }

      return compiled.get(agent) ?? null;
    },
  };
}

/** `StoreLensBot/1.0` → `storelensbot`: robots-parser's reading of a User-agent value. */
function productToken(value: string): string {
  const lower = value.toLowerCase();
  const slash = lower.indexOf("/");

  return (slash === -1 ? lower : lower.slice(0, slash)).trim();
}

function compileGroup(groups: RawGroup[]): RobotsGroup {
  const rules: Rule[] = [];
  let wildcards = 0;
  let crawlDelay: number | undefined;
  for (const group of groups) {
    if (group.crawlDelay !== undefined) crawlDelay = group.crawlDelay;
    for (const { allow, pattern } of group.rules) {
      const rule = compileRule(allow, normalizePattern(pattern), () => (wildcards += 1) <= MAX_WILDCARD_RULES);
      if (rule) rules.push(rule);
    }
  }

  return { rules, crawlDelay, verdict: (path) => verdict(rules, path) };
}

/**
 * One rule, matched as written when it is short enough and (for a wildcard rule) within the
 * group's wildcard budget; otherwise narrowed: Allow dropped, Disallow cut to its literal start.
 */
function compileRule(allow: boolean, normalized: string, withinWildcardBudget: () => boolean): Rule | null {
  const priority = normalized.length;
  const anchored = normalized.endsWith("$");
  const body = (anchored ? normalized.slice(0, -1) : normalized).replace(/\*+/g, "*");
  const wildcard = body.includes("*");
  const asWritten = body.length <= MAX_RULE_LENGTH && (!wildcard || withinWildcardBudget());
  if (asWritten) {
    const pieces = body.split("*");

    return { allow, priority, anchored, pieces, tables: pieces.slice(1).map(failureTable) };
  }
  if (allow) return null;
  const start = body.slice(0, wildcard ? body.indexOf("*") : undefined).slice(0, MAX_RULE_LENGTH);

  return { allow, priority, anchored: false, pieces: [start], tables: [] };
}

function verdict(rules: readonly Rule[], rawPath: string): { allowed: boolean; steps: number } {
  if (rawPath.length > MAX_ROBOTS_PATH_LENGTH) return { allowed: false, steps: 0 };
  const path = normalizePath(rawPath);
  if (path === null || path.length > MAX_ROBOTS_PATH_LENGTH) return { allowed: false, steps: 0 };
  const counter = { steps: 0 };
  let best: Rule | null = null;
  for (const rule of rules) {
    // A rule that could not win is not matched at all.
    if (best && (rule.priority < best.priority || (rule.priority === best.priority && (best.allow || !rule.allow)))) continue;
    if (matches(rule, path, counter)) best = rule;
  }

  return { allowed: !best || best.allow, steps: counter.steps };
}

/**
 * Whether the rule matches the path. The first piece must start it; each next piece is found
 * leftmost from where the one before ended (leftmost leaves the most room to the pieces after
 * it, so a match exists iff this finds one); with `$`, the last piece must also end the path.
 */
function matches(rule: Rule, path: string, counter: { steps: number }): boolean {
  const { pieces, tables, anchored } = rule;
  const first = pieces[0]!;
  counter.steps += Math.min(first.length, path.length);
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let from = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i += 1) {
    const at = findFrom(path, pieces[i]!, tables[i - 1]!, from, counter);
    if (at < 0) return false;
    from = at + pieces[i]!.length;
  }
  const end = pieces[last]!;
  if (!anchored) return findFrom(path, end, tables[last - 1]!, from, counter) >= 0;
  counter.steps += end.length;

  return path.length - end.length >= from && path.endsWith(end);
}

/** KMP failure table: for each prefix of `piece`, the length of its longest proper border. */
function failureTable(piece: string): Int32Array {
  const table = new Int32Array(piece.length);
  for (let i = 1, k = 0; i < piece.length; i += 1) {
    while (k > 0 && piece.charCodeAt(i) !== piece.charCodeAt(k)) k = table[k - 1]!;
    if (piece.charCodeAt(i) === piece.charCodeAt(k)) k += 1;
    table[i] = k;
  }

  return table;
}

/**
 * Where `piece` first occurs in `text` at or after `from`, or -1: Knuth-Morris-Pratt, so the
 * text is read forward once (each step moves forward or shortens the partial match: at most
 * 2 × (text.length - from) steps), whatever the piece repeats.
 */
function findFrom(text: string, piece: string, table: Int32Array, from: number, counter: { steps: number }): number {
  if (piece.length === 0) return from;
  let k = 0;
  for (let i = from; i < text.length; i += 1) {
    counter.steps += 1;
    while (k > 0 && text.charCodeAt(i) !== piece.charCodeAt(k)) {
      counter.steps += 1;
      k = table[k - 1]!;
    }
    if (text.charCodeAt(i) === piece.charCodeAt(k)) k += 1;
    if (k === piece.length) return i - piece.length + 1;
  }

  return -1;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 9309 §2.2.2: characters outside US-ASCII percent-encoded, escapes upper-cased, and an
 * escaped unreserved character (`%7E`, `%41`) read as itself, in rules and paths alike.
 */
function normalizeEscapes(value: string): string {
  return value.replace(/%[0-9a-fA-F]{2}/g, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));

    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

function normalizePattern(pattern: string): string {
  try {
    return normalizeEscapes(encodeURI(pattern).replace(/%25/g, "%"));
  } catch {
    // A lone surrogate: kept as written (robots-parser did the same).
    return normalizeEscapes(pattern);
  }
}

const BASE = "https://robots.invalid";

/** A request path as a browser sends it (the URL parser encodes what must be), escapes normalized. */
function normalizePath(path: string): string | null {
  try {
    // Appended, not resolved: a path `//x/y` stays a path (resolving would read `x` as a host).
    const url = new URL(`${BASE}${path}`);

    return normalizeEscapes(url.pathname + url.search);
  } catch {
    return null;
  }
}
