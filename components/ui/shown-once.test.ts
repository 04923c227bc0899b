import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShownOnce } from "./shown-once";

// An API key and a webhook signing secret are shown once, by the same component: the value to
// copy, what it is, a copy button and a Done.

const render = (props: { value: string; testId: string; copyLabel: string; text: string }) =>
  renderToStaticMarkup(
    createElement(
      ShownOnce,
      // The text is its children, handed as createElement's third argument.
      { value: props.value, testId: props.testId, copyLabel: props.copyLabel, onDone: () => {} } as ComponentProps<typeof ShownOnce>,
      props.text,
    ),
  );

describe("a credential shown once", () => {
  it("shows the value to copy under its test id, what it is, a copy button and Done, as a status", () => {
    const html = render({
      value: "whsec_abc",
      testId: "new-webhook-secret",
      copyLabel: "Copy secret",
      text: "Copy your new secret now: it is shown only this once.",
    });
    expect(html).toContain('role="status"');
    expect(html).toMatch(/<code data-testid="new-webhook-secret"[^>]*>whsec_abc<\/code>/);
    expect(html).toContain("Copy your new secret now: it is shown only this once.");
    expect([...html.matchAll(/<button type="button"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(["Copy secret", "Done"]);
  });

  it("escapes the value like any text", () => {
    expect(render({ value: "<b>", testId: "new-api-key", copyLabel: "Copy key", text: "Key" })).toContain("&lt;b&gt;");
  });
});
