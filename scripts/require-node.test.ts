import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The runtime pin (docs/decisions.md §2): the `node` package in package.json is the Node that runs
// the tests and the processes they start, and the other places that name a version agree with it.
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string }; dependencies: Record<string, string> };
const pinned = pkg.dependencies.node!;
const major = pinned.split(".")[0];

describe("the pinned Node", () => {
  it("is an exact version, and .nvmrc and engines name it", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(".nvmrc", "utf8").trim()).toBe(pinned);
    expect(pkg.engines.node).toBe(`>=${major}`);
  });

  it("runs the tests and the child processes they spawn with process.execPath", () => {
    expect(process.versions.node.split(".")[0]).toBe(major);
    const child = execFileSync(process.execPath, ["-p", "process.version"], { encoding: "utf8" }).trim();
    expect(child).toBe(process.version);
  });

  it("is what scripts/require-node.mjs accepts, and it names the version", () => {
    expect(execFileSync(process.execPath, ["scripts/require-node.mjs"], { encoding: "utf8" })).toContain(`Node ${process.version}`);
  });
});
