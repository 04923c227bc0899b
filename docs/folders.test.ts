import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/folders.md is the map of the repository: one row per folder, so a folder added,
// renamed or removed without its row fails here.
const map = readFileSync("docs/folders.md", "utf8");
const section = map.slice(map.indexOf("| folder |"), map.indexOf("Some rules that keep it that way"));
const rowNames = [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!));
const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

describe("docs/folders.md", () => {
  it("has one row for each lib/ domain folder, and none for a folder that is gone", () => {
    const domains = readdirSync("lib", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `lib/${entry.name}/`);
    const rows = rowNames.filter((name) => /^lib\/[^/<]+\/$/.test(name));
    expect([...rows].sort()).toEqual([...domains].sort());
  });

  it("has a row for each top-level folder of the repository", () => {
    const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n");
    const folders = new Set(tracked.filter((path) => path.includes("/") && !path.startsWith(".")).map((path) => path.split("/")[0]!));
    const rowTops = new Set(rowNames.map((name) => name.split("/")[0]!));
    expect([...folders].filter((folder) => !rowTops.has(folder))).toEqual([]);
  });

  it("names no folder that is gone", () => {
    // `components/<domain>/` is a pattern: its top-level folder must exist, the rest cannot.
    const tops = rowNames.filter((name) => name.includes("/")).map((name) => `${name.split("/")[0]!}/`);
    const folders = rowNames.filter((name) => name.endsWith("/") && !name.includes("<"));
    expect([...new Set([...tops, ...folders])].filter((folder) => !isFolder(folder))).toEqual([]);
  });

  it("names every loose file of lib/, and none that is gone", () => {
    const loose = readdirSync("lib", { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => `lib/${entry.name}`);
    const named = rowNames.filter((name) => /^lib\/[^/]+\.tsx?$/.test(name));
    expect(loose.filter((file) => !named.includes(file))).toEqual([]);
    expect(named.filter((file) => !loose.includes(file))).toEqual([]);
  });
});
