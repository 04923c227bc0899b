#!/usr/bin/env node
// `npm run check:cycles`: no import cycles between files, nor between the folders of lib/,
// components/ and app/ (lib/pipeline → lib/reports must never be answered by lib/reports →
// lib/pipeline, nor components/jobs → components/dashboard by components/dashboard →
// components/jobs). Test code is left out: it may import anything. Exits 1 and names every
// cycle it finds. `--root <dir>` checks another tree (the checker's own test).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const rootFlag = process.argv.indexOf("--root");
if (rootFlag !== -1) process.chdir(process.argv[rootFlag + 1]);

const ROOTS = ["app", "components", "db", "inngest", "lib", "server", "server.ts"];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.tsx?$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g;

function walk(entry) {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return [entry];

  return readdirSync(entry).flatMap((name) => walk(path.join(entry, name)));
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.normalize(candidate);
  }

  return null;
}

const files = ROOTS.flatMap(walk).filter((file) => SOURCE.test(file) && !TEST.test(file));
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && target !== file && !TEST.test(target)) targets.add(target);
  }
  graph.set(file, targets);
}

/** Tarjan's strongly connected components; each one of size > 1 is a cycle. */
function cycles(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);

  return found;
}

/** The folders whose loops are refused: lib/<domain>, components/<domain>, app/<segment>. */
const FOLDERS = new Set(["lib", "components", "app"]);
const domainOf = (file) => {
  const [top, domain, ...rest] = file.split(path.sep);

  return FOLDERS.has(top) && domain && rest.length > 0 ? `${top}/${domain}` : null;
};
const domains = new Map();
const witnesses = new Map();
for (const [file, targets] of graph) {
  const from = domainOf(file);
  if (!from) continue;
  for (const target of targets) {
    const to = domainOf(target);
    if (!to || to === from) continue;
    if (!domains.has(from)) domains.set(from, new Set());
    domains.get(from).add(to);
    witnesses.set(`${from} → ${to}`, `${file} → ${target}`);
  }
}

const fileCycles = cycles(graph);
const domainCycles = cycles(domains);
for (const cycle of fileCycles) console.error(`import cycle between files: ${cycle.join(", ")}`);
for (const cycle of domainCycles) {
  const arrows = [...witnesses.entries()].filter(([edge]) => cycle.some((a) => cycle.some((b) => edge === `${a} → ${b}`)));
  console.error(`import cycle between folders: ${cycle.join(", ")}`);
  for (const [edge, witness] of arrows) console.error(`  ${edge}  (e.g. ${witness})`);
}
if (fileCycles.length || domainCycles.length) process.exit(1);
console.log(`no import cycles (${graph.size} files, ${domains.size} folders of lib/, components/ and app/)`);
