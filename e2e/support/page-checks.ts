/**
 * Checks every page must pass, for any spec to reuse: the page does not scroll sideways at
 * the width it is shown at, and axe finds no accessibility violation in it.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The two widths every page must work at: a common laptop and a common phone. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Fails when the page is wider than the window. The message names the widest elements that
 * stick out past the right edge, which is where a fix starts.
 */
export async function expectNoOverflow(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const culprits: string[] = [];
    // Content past the edge of a box that scrolls or clips does not widen the page.
    const contained = (element: HTMLElement) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") return true;
      }
      return false;
    };
    if (root.scrollWidth > viewport) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const right = element.getBoundingClientRect().right;
        if (right <= viewport || contained(element)) continue;
        // Only the outermost offender of a branch: its children say nothing new.
        const parentRight = element.parentElement?.getBoundingClientRect().right ?? 0;
        if (parentRight > viewport) continue;
        const name =
          element.tagName.toLowerCase() +
          (element.id ? `#${element.id}` : "") +
          (typeof element.className === "string" && element.className
            ? `.${element.className.trim().split(/\s+/).slice(0, 4).join(".")}`
            : "");
        culprits.push(`${name} (right edge ${Math.round(right)}px)`);
        if (culprits.length >= 5) break;
      }
    }
    return { scrollWidth: root.scrollWidth, viewport, culprits };
  });
  expect(
    found.scrollWidth,
    `${page.url()} is ${found.scrollWidth}px wide in a ${found.viewport}px window; sticking out: ${found.culprits.join(", ") || "(none found)"}`,
  ).toBeLessThanOrEqual(found.viewport);
}

/**
 * Fails when axe finds any violation on the page as it stands (WCAG 2.1 A and AA plus axe's
 * best practices). The message lists each rule with the first few nodes it failed on.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // After a client-side navigation Next sets the new page's <title> once its payload arrives: the
  // page is judged when it is whole, not in the moment between (a page with no title still fails).
  await expect(page)
    .toHaveTitle(/\S/, { timeout: 5_000 })
    .catch(() => undefined);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 3)
      .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`);
    return `  ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join("\n")}`;
  });
  expect(summary, `axe violations on ${page.url()}:\n${summary.join("\n")}`).toEqual([]);
}
