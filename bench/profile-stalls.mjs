#!/usr/bin/env node
/**
 * What held the event loop: for each stall the loop-lag probe listed (LOOP_GAPS_FILE, written
 * when a benchmark runs with BENCH_CPU_PROF=<dir>), the functions of the server's CPU profile
 * that ran during it, by self and by inclusive time.
 *
 *   node bench/profile-stalls.mjs <dir> [--top=15]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node bench/profile-stalls.mjs <dir> [--top=15]");
const top = Number(process.argv.find((arg) => arg.startsWith("--top="))?.slice(6) ?? 15);
// The main thread's profile is the largest one (worker threads idle).
const file = readdirSync(dir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => path.join(dir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0];
const profile = JSON.parse(readFileSync(file, "utf8"));
const stalls = readFileSync(path.join(dir, "loop-gaps.txt"), "utf8")
  .trim()
  .split("\n")
  .map((line) => line.split(" ").map(Number));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (id) => {
  const frame = nodes.get(id).callFrame;
  return `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-3).join("/")}:${frame.lineNumber + 1}`;
};
let at = profile.startTime;
const samples = profile.samples.map((id, i) => ({ id, at: (at += profile.timeDeltas[i]) }));

const list = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `    ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`)
    .join("\n");
for (const [start, end] of stalls) {
  const self = new Map();
  const inclusive = new Map();
  for (let i = 0; i < samples.length - 1; i++) {
    if (samples[i].at < start || samples[i].at >= end) continue;
    const us = samples[i + 1].at - samples[i].at;
    self.set(label(samples[i].id), (self.get(label(samples[i].id)) ?? 0) + us);
    const seen = new Set();
    for (let id = samples[i].id; id !== undefined; id = parent.get(id)) {
      const name = label(id);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  console.log(
    `\nstall of ${((end - start) / 1000).toFixed(0)} ms, ${((start - profile.startTime) / 1e6).toFixed(2)} s after the profile began\n  self:\n${list(self)}\n  inclusive:\n${list(inclusive)}`,
  );
}
