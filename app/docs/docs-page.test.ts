import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "./page";

// /docs: a quick start first, the public endpoints with example answers, the operator's apart at
// the end, and no id twice on the page (a tag and an operation were both `mcp` and `chat`).

describe("/docs", () => {
  const html = renderToStaticMarkup(DocsPage());

  it("opens with a quick start by API key, MCP and x402", () => {
    const quickStart = html.indexOf('id="quick-start"');
    expect(quickStart).toBeGreaterThan(-1);
    expect(quickStart).toBeLessThan(html.indexOf('id="promises"'));
    expect(quickStart).toBeLessThan(html.indexOf('id="account-endpoints"'));
    const section = html.slice(quickStart, html.indexOf('id="promises"'));
    expect(section).toContain("X-API-Key: $STORELENS_API_KEY");
    expect(section).toContain("/api/mcp");
    expect(section).toContain("PAYMENT-SIGNATURE");
  });

  it("gives every element an id of its own", () => {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(twice).toEqual([]);
  });

  it("shows example answers and lists the operator's endpoints last", () => {
    expect(html).toContain("Example answer (200)");
    expect(html).toContain("example-store.myshopify.com");
    const operator = html.indexOf('id="operator-endpoints"');
    expect(operator).toBeGreaterThan(html.indexOf('id="getStore"'));
    expect(html.indexOf("/api/stripe/webhook")).toBeGreaterThan(operator);
    expect(html.indexOf("/api/admin/jobs/{id}/retry")).toBeGreaterThan(operator);
  });
});
