import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link of the README, CONTRIBUTING.md and docs/ names a file that exists and, with
// a #fragment, a heading of that file, so a section moved to another document leaves no dead link.
const documents = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(readFileSync(file, "utf8")).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const text = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const repeat = seen.get(slug) ?? 0;
    seen.set(slug, repeat + 1);
    anchors.add(repeat === 0 ? slug : `${slug}-${repeat}`);
  }
  return anchors;
}

/** Relative link targets outside code: `[text](target)` and images, without site paths or URLs. */
function linksOf(file: string): string[] {
  const text = withoutFences(readFileSync(file, "utf8")).replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|\/)/i.test(target));
}

describe("links between the documents", () => {
  it.each(documents)("%s links only to files and headings that exist", (file) => {
    const dead = linksOf(file).filter((target) => {
      const [targetPath, fragment] = target.split("#") as [string, string | undefined];
      const resolved = targetPath === "" ? file : path.join(path.dirname(file), decodeURIComponent(targetPath));
      if (!existsSync(resolved)) return true;
      if (fragment === undefined) return false;
      return !statSync(resolved).isFile() || !resolved.endsWith(".md") || !anchorsOf(resolved).has(fragment);
    });
    expect(dead).toEqual([]);
  });
});
