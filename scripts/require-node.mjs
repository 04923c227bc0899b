#!/usr/bin/env node
// The Node that runs StoreLens is the `node` package pinned in package.json's dependencies: its
// install script puts that Node in node_modules/.bin, which npm puts first on PATH for every
// script and for `npx` (docs/decisions.md §2). This prints which Node runs, and stops with one
// line when it is older than the pinned major: run directly with an older system Node, or an
// install that skipped the package's install script (`--ignore-scripts`) fell back to it.
// `npm start` imports it; `npm test` runs it first.
import { readFileSync } from "node:fs";

const pinned = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).dependencies.node;
const major = (version) => Number(/^v?(\d+)/.exec(version)?.[1]);

if (major(process.version) < major(pinned)) {
  console.error(
    `StoreLens needs Node ${major(pinned)} (the \`node\` package, ${pinned}); this is Node ${process.version} ` +
      `(${process.execPath}). Run it through npm (\`npm start\`, \`npm test\`, \`npx …\`), which uses ` +
      `node_modules/.bin/node; if that is missing, run \`npm install\` again without --ignore-scripts.`,
  );
  process.exit(1);
}
console.log(`Node ${process.version} (${process.execPath})`);
