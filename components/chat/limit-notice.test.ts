import { describe, expect, it } from "vitest";
import { describeChatError } from "./limit-notice";

const now = new Date("2026-03-10T23:52:30.000Z");

describe("describeChatError", () => {
  it("a per-minute 429 says when the person can ask again", () => {
    const body = {
      error: "Rate limit exceeded: at most 3 chat requests per minute",
      code: "rate_limited",
      limit_type: "per_minute",
      retry_after: 42,
    };

    expect(describeChatError(new Error(JSON.stringify(body)), now)).toEqual({
      kind: "limit",
      text: "Rate limit exceeded: at most 3 chat requests per minute. You can ask again in 42 s (at 23:53 UTC).",
    });
  });

  it("a daily 429 says how much was used and that it resets at 00:00 UTC", () => {
    const body = {
      error: "Daily budget",
      code: "rate_limited",
      limit_type: "daily_tokens",
      budget: 20_000,
      used: 21_000,
      retry_after: 450,
    };

    expect(describeChatError(new Error(JSON.stringify(body)), now)).toEqual({
      kind: "limit",
      text: "Today's chat budget is used up (21,000 of 20,000 tokens). It resets at 00:00 UTC, in 8 min.",
    });
  });

  it("other errors show the server's message, or the stream's error text as it is", () => {
    expect(describeChatError(new Error(JSON.stringify({ error: "Chat is not configured", code: "chat_not_configured" })))).toEqual({
      kind: "error",
      text: "Chat is not configured",
    });
    expect(describeChatError(new Error("The model did not finish its answer in time"))).toEqual({
      kind: "error",
      text: "The model did not finish its answer in time",
    });
  });
});
