/**
 * robots.txt matching on crafted files: time and comparison steps of one check as the path
 * grows (1x, 2x, 4x) and as the file grows. Linear matching prints ratios near 2 and 4;
 * robots-parser's (rule × path) matching printed 2.1 s for a 1,000-character path against
 * `Disallow: /` + 500,000 `*` + `Q`, and 10.2 s at 5,000. Paths past MAX_ROBOTS_PATH_LENGTH
 * are disallowed unread (0 steps).
 *
 *   npx tsx bench/robots.ts          (npm run bench:robots)
 */
import { MAX_ROBOTS_PATH_LENGTH, MAX_WILDCARD_RULES, parseRobotsTxt } from "@/lib/shopify-reader/robots-rules";
import { hostileRobots } from "@/testing/hostile/robots-inputs";

/** The fastest of several runs: the least disturbed by JIT warm-up and other processes. */
function time(fn: () => unknown, runs = 15): number {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }

  return best;
}

const files: [string, string][] = [
  ["500,000 * then Q", hostileRobots.starRun(500_000)],
  [`${MAX_WILDCARD_RULES} rules /*aaa…ab`, hostileRobots.repeatingPieces(MAX_WILDCARD_RULES, 1000)],
  ["2,000 rules /*aaa…ab (past the budget)", hostileRobots.repeatingPieces(2000, 250)],
];

console.log(`paths up to ${MAX_ROBOTS_PATH_LENGTH} characters are matched; longer ones are disallowed unread`);
for (const [name, text] of files) {
  const parse = time(() => parseRobotsTxt(text).group("*"), 3);
  const group = parseRobotsTxt(text).group("*")!;
  const base = MAX_ROBOTS_PATH_LENGTH / 4;
  const rows = [1, 2, 4].map((k) => {
    const path = hostileRobots.longPath(base * k);

    return { ms: time(() => group.verdict(path)), steps: group.verdict(path).steps };
  });
  const [one, two, four] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  console.log(
    `${name.padEnd(40)} parse ${parse.toFixed(1)} ms · check at ${base} chars ${one.ms.toFixed(2)} ms, ${one.steps} steps` +
      ` · x2 ${(two.ms / one.ms).toFixed(1)} (steps ${(two.steps / one.steps).toFixed(1)})` +
      ` · x4 ${(four.ms / one.ms).toFixed(1)} (steps ${(four.steps / one.steps).toFixed(1)})`,
  );
  const over = hostileRobots.longPath(35_000);
  console.log(`${"".padEnd(40)} 35,000 chars: ${time(() => group.verdict(over)).toFixed(3)} ms, ${group.verdict(over).steps} steps`);
}
