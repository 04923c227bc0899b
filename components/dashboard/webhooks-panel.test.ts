import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { AttemptLog } from "./webhooks-panel";

// The Webhooks tab's delivery log shows every attempt at a delivery, with what the receiver
// answered: its HTTP status, or the network's error when there was no answer.
it("lists every attempt of a delivery with the receiver's answer or the error", () => {
  const attempt = (number: number, status: "failed" | "delivered", responseStatus: number | null, error: string | null) => ({
    number,
    status,
    response_status: responseStatus,
    error,
    started_at: "2026-11-29T12:00:00.000Z",
    ended_at: "2026-11-29T12:00:01.000Z",
  });
  const html = renderToStaticMarkup(
    createElement(AttemptLog, {
      attempts: [
        attempt(1, "failed", null, "connect ECONNREFUSED"),
        attempt(2, "failed", 503, "Receiver answered HTTP 503"),
        attempt(3, "delivered", 200, null),
      ],
    }),
  );

  expect(html).toContain("3 attempts");
  const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<!-- -->/g, ""));
  expect(items).toHaveLength(3);
  expect(items[0]).toMatch(/^#1 .*: failed \(connect ECONNREFUSED\)$/);
  expect(items[1]).toMatch(/^#2 .*: failed \(HTTP 503\)$/);
  expect(items[2]).toMatch(/^#3 .*: delivered \(HTTP 200\)$/);
});
