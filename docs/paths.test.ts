import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every repository path the README, CONTRIBUTING.md and docs/ name in backticks (`lib/jobs/job-state.ts`,
// `lib/tracking/`, `lib/log`) is a file or folder of the repository, so a file renamed or moved
// leaves no stale name in the documents. Patterns (`lib/<domain>/`, `lib/pipeline/*-step.ts`) are
// left alone. links.test.ts checks the markdown links.
const documents = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

const tracked = new Set(execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean));
const folders = new Set(
  [...tracked].flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
  ),
);
const tops = [...new Set([...tracked].filter((file) => file.includes("/") && !file.startsWith(".")).map((file) => file.split("/")[0]!))];
/** A path beginning with a top-level folder, not inside another path or a URL. */
const PATH = new RegExp(`(?<![\\w@/.:-])(?:${tops.map((top) => top.replace(/[.-]/g, "\\$&")).join("|")})/[\\w.\\-\\[\\]/]*[\\w\\]/]`, "g");

/** Names that begin with a top-level folder and are not paths: MCP's methods (`server/discover`). */
const NOT_PATHS = new Set(["server/discover"]);

const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** A file, a folder, or a module named without its extension (`lib/log`, `lib/net`). */
function exists(path: string): boolean {
  if (path.endsWith("/")) return folders.has(path);

  return (
    [path, `${path}.ts`, `${path}.tsx`, `${path}.mjs`, `${path}/index.ts`].some((candidate) => tracked.has(candidate)) ||
    folders.has(`${path}/`)
  );
}

/** A whole span that is a relative path to a source or document file, whatever folder it names (`workflows/x.ts`). */
const FILE = /^[a-z][\w.-]*\/[\w.\-\[\]/]*\.(?:ts|tsx|mjs|md|json|sql)$/;

function pathsOf(file: string): string[] {
  const spans = [...withoutFences(readFileSync(file, "utf8")).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

  return spans
    .filter((span) => !/[<*…]/.test(span))
    .flatMap((span) => [...new Set([...[...span.matchAll(PATH)].map((match) => match[0]), ...(FILE.test(span) ? [span] : [])])]);
}

describe("repository paths in the documents", () => {
  it.each(documents)("%s names only files and folders that exist", (file) => {
    expect(pathsOf(file).filter((path) => !NOT_PATHS.has(path) && !exists(path))).toEqual([]);
  });

  it("finds the paths it checks", () => {
    expect(pathsOf("docs/architecture.md")).toContain("lib/jobs/job-state.ts");
    expect(exists("lib/jobs/job-state.ts") && exists("lib/tracking/") && exists("lib/log") && !exists("lib/no-such-domain/x.ts")).toBe(
      true,
    );
    expect(FILE.test("workflows/analyze-store.ts") && !FILE.test("lib/<domain>/schemas.ts")).toBe(true);
  });
});
