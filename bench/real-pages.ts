/**
 * Detection on real captured storefront pages: recall and precision per detector (apps, tags,
 * themes, socials, languages) on the held-out pages and on the tuning pages, with every miss and
 * extra named (testing/fixtures/real-storefronts/README.md › Held out).
 *
 *   npx tsx bench/real-pages.ts [--set=held-out|tuning | --tuning-only]
 *
 * While tuning detectors, run `--tuning-only` (the same as `--set=tuning`): the held-out pages are
 * not even read, so nothing of them is printed.
 */
import { addedStorefronts, type PageSet } from "@/testing/real-storefronts/added-pages";
import { formatScores, scoreSets } from "@/testing/real-storefronts/score-added";

const setArg = process.argv.includes("--tuning-only") ? "tuning" : process.argv.find((a) => a.startsWith("--set="))?.split("=")[1];
const sets: PageSet[] = setArg === "held-out" || setArg === "tuning" ? [setArg] : ["held-out", "tuning"];
const pages = addedStorefronts(sets);

console.log(`${pages.length} pages (${sets.join(", ")})\n`);
console.log(formatScores(scoreSets(pages)));
