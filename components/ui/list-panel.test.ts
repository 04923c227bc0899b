import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListPanel } from "./list-panel";

// The account's lists (API keys, tracked stores, owner signatures) show one state at a time in
// the same words: loading, the failure sentence, the empty sentence, or the rows.

type Row = { id: string };
const list = (state: Partial<{ isPending: boolean; isError: boolean; error: Error | null; data: { data: Row[] } }>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...state,
});
const rows = (shown: Row[]) =>
  createElement(
    "ul",
    null,
    shown.map((row) => createElement("li", { key: row.id }, row.id)),
  );
// ListPanel holds no state, so it is called as the function it is.
const render = (state: Parameters<typeof list>[0]) =>
  renderToStaticMarkup(
    ListPanel<Row>({
      title: "Your API keys",
      list: list(state),
      failure: (error) => `Could not load your keys. ${error.message}`,
      empty: "No keys yet.",
      children: rows,
    }),
  );

describe("a list panel", () => {
  it("says it is loading until the list arrives", () => {
    const html = render({ isPending: true });
    expect(html).toContain("<h2");
    expect(html).toContain("Your API keys");
    expect(html).toContain("Loading…");
    expect(html).not.toContain("No keys yet.");
  });

  it("names the failure in an alert, in the list's own words", () => {
    const html = render({ isError: true, error: new Error("Try again later.") });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Could not load your keys. Try again later.");
    expect(html).not.toContain("Loading…");
  });

  it("says the list is empty when it has no row, and draws no rows", () => {
    const html = render({ data: { data: [] } });
    expect(html).toContain("No keys yet.");
    expect(html).not.toContain("<ul");
  });

  it("draws the rows once there is one, and keeps them under a failed refresh", () => {
    expect(render({ data: { data: [{ id: "k1" }, { id: "k2" }] } })).toContain("<li>k1</li><li>k2</li>");
    const refreshFailed = render({ data: { data: [{ id: "k1" }] }, isError: true, error: new Error("Offline.") });
    expect(refreshFailed).toContain("Could not load your keys. Offline.");
    expect(refreshFailed).toContain("<li>k1</li>");
    expect(refreshFailed).not.toContain("No keys yet.");
  });
});
