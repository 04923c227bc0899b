import { ApiError } from "./errors";

/**
 * Text input is refused where it enters, before any handler or query sees it, when PostgreSQL
 * could not store it or it is not text at all: U+0000 (text and jsonb refuse it, so the query
 * would fail with a 500), a lone surrogate (no UTF-8 spelling: the driver would store U+FFFD
 * in its place, and jsonb refuses its `\ud800` escape), and, in a path or query string, a
 * percent-escape that decodes to NUL or to bytes that are not UTF-8 (`%00`, `%FF`, `%C3%28`).
 */
export type TextIssue = { path: string; message: string };

const NUL = "NUL characters are not allowed";
const LONE_SURROGATE = "Text must be well-formed Unicode (a lone surrogate is not)";
const NOT_UTF8 = "Percent-escapes must spell UTF-8 text";
/** Past this many levels an issue's path is shortened: a 1 MB body can nest half a million deep. */
const PATH_LEVELS_SHOWN = 32;

/** What is wrong with one string as text to store, if anything. */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL;

  return text.isWellFormed() ? null : LONE_SURROGATE;
}

/**
 * What is wrong with the percent-escapes of a raw path segment or query component, if
 * anything. A `%` not followed by two hex digits is a literal `%`, as URL parsers read it.
 */
export function percentEscapeProblem(raw: string): string | null {
  if (!raw.includes("%")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
  } catch {
    return NOT_UTF8;
  }

  return textProblem(decoded);
}

/**
 * A name or value of a raw query string (`?a=1&b=%FF`) whose percent-escapes are not text to
 * store. Read before URLSearchParams, which turns bytes that are not UTF-8 into U+FFFD unseen.
 */
export function findUnstorableQuery(search: string): TextIssue | null {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const nameProblem = percentEscapeProblem(name);
    const problem = nameProblem ?? percentEscapeProblem(equals === -1 ? "" : pair.slice(equals + 1));
    if (problem) return { path: nameProblem ? "query" : `query.${[...new URLSearchParams(`${name}=`).keys()][0]}`, message: problem };
  }

  return null;
}

/**
 * A route parameter that is not text to store, as it stands or once its percent-escapes are
 * decoded: a segment can reach the handler still percent-encoded, and some decode it
 * (lib/apps/app-directory.ts), so `%00` would become a NUL after this check.
 */
export function findUnstorableParam(params: Record<string, string | string[] | undefined>): TextIssue | null {
  for (const [name, value] of Object.entries(params)) {
    for (const segment of [value ?? []].flat()) {
      const problem = textProblem(segment) ?? percentEscapeProblem(segment);
      if (problem) return { path: `params.${name}`, message: problem };
    }
  }

  return null;
}

type Pending = { value: unknown; key: string; parent: Pending | null };

function pathOf(entry: Pending): string {
  const keys: string[] = [];
  for (let at: Pending | null = entry; at; at = at.parent) keys.push(at.key);
  keys.reverse();

  return keys.length > PATH_LEVELS_SHOWN ? `${keys.slice(0, PATH_LEVELS_SHOWN).join(".")}.…` : keys.join(".");
}

/**
 * A string of `value`, or a key of one of its objects, at any depth, that is not text to store;
 * `where` starts the issue's path (`body`, `params`). Walked with a stack of its own, not by
 * recursion: the depth of a parsed body is the sender's choice.
 */
export function findUnstorableText(value: unknown, where: string): TextIssue | null {
  const stack: Pending[] = [{ value, key: where, parent: null }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    if (typeof entry.value === "string") {
      const problem = textProblem(entry.value);
      if (problem) return { path: pathOf(entry), message: problem };
    } else if (entry.value !== null && typeof entry.value === "object") {
      for (const [key, item] of Object.entries(entry.value)) {
        const problem = textProblem(key);
        if (problem) return { path: pathOf(entry), message: `${problem} (in a field name)` };
        stack.push({ value: item, key, parent: entry });
      }
    }
  }

  return null;
}

/** The 400 for an issue: the validation error body, with the issue in `issues`. */
export function unstorableTextError(issue: TextIssue): ApiError {
  return new ApiError("invalid_request", `Invalid ${issue.path}: ${issue.message}`, { extra: { issues: [issue] } });
}
