// A refused form reads as sentences: the API's field paths and codes ("Invalid body.name: name
// must not be empty", plan_limit_reached) and the browser's own check of the same schema both
// become words on the field the form shows, or one sentence for the form.
import { describe, expect, it } from "vitest";
import { createApiKeySchema } from "@/lib/api-keys/schemas";
import { signUpSchema } from "@/lib/auth/schemas";
import { createJobBodySchema } from "@/lib/jobs/schemas";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { asSentence, checkBeforeSending, describeRefusal } from "./refusal";

const KEY_WORDING = { name: { label: "the key name", required: "Give the key a name." } };

/** An API answer as the dashboard's client sees it: the status and the parsed body. */
const answer = (error: ApiError) => ({ status: error.status, body: error.toBody() });

describe("describeRefusal", () => {
  it("puts the API's 400 on the field in the form's words, never as a field path", () => {
    const parsed = createApiKeySchema.safeParse({ name: "  " });
    const refusal = describeRefusal(answer(invalidRequest(parsed.error!, "body")), KEY_WORDING);

    expect(refusal.fields).toEqual({ name: "Give the key a name." });
    expect(refusal.message).toBeUndefined();
    expect(JSON.stringify(refusal)).not.toContain("body.");
  });

  it("says an issue on a field the form does not show as the form's sentence, with the field named in words", () => {
    const refusal = describeRefusal(
      {
        status: 400,
        body: {
          error: "Invalid body.notify_email: notify_email must be an e-mail address",
          code: "invalid_request",
          issues: [{ path: "body.notify_email", message: "notify_email must be an e-mail address" }],
        },
      },
      KEY_WORDING,
    );

    expect(refusal).toEqual({ message: "Notify email must be an e-mail address.", fields: {} });
  });

  it("keeps the API's explanation of a bad domain, as a sentence on the domain field", () => {
    const refusal = describeRefusal(
      {
        status: 400,
        body: {
          error: 'Invalid domain: "not a domain" is not a valid host name',
          code: "invalid_request",
          issues: [{ path: "body.domain", message: '"not a domain" is not a valid host name' }],
        },
      },
      { domain: { label: "the store domain" } },
    );

    expect(refusal.fields).toEqual({ domain: '"not a domain" is not a valid host name.' });
  });

  it("explains the Free plan's monthly limit with its reset day and a link to upgrade", () => {
    const refusal = describeRefusal({
      status: 402,
      body: {
        error: "Monthly job limit reached",
        code: "plan_limit_reached",
        plan: "free",
        limit: 3,
        used: 3,
        resets_at: "2026-07-01T00:00:00.000Z",
        upgrade_url: "http://x/pricing",
      },
    });

    expect(refusal.message).toBe(
      "You have used all 3 analyses of the Free plan this month. Upgrade to Pro for unlimited analyses, or wait until July 1.",
    );
    expect(refusal.action).toEqual({ href: "/dashboard/billing", label: "Upgrade to Pro" });
  });

  it("explains a plan's list or tracking limit without the pricing page's raw address, linking to the upgrade", () => {
    for (const [error, said] of [
      [
        "Your Free plan allows 3 saved lists; upgrade to Pro at http://localhost:3000/pricing for more",
        "Your Free plan allows 3 saved lists; upgrade to Pro.",
      ],
      [
        "Your Free plan allows 1 tracked store; remove one or upgrade to Pro at https://storelens.example/pricing",
        "Your Free plan allows 1 tracked store; remove one or upgrade to Pro.",
      ],
    ]) {
      const refusal = describeRefusal({
        status: 402,
        body: { error, code: "payment_required", reason: "list_limit", plan: "free", limit: 3, used: 3, upgrade_url: "http://x/pricing" },
      });
      expect(refusal.message).toBe(said);
      expect(refusal.message).not.toMatch(/https?:/);
      expect(refusal.action).toEqual({ href: "/dashboard/billing", label: "Upgrade to Pro" });
    }
  });

  it("tells an unconfirmed account to confirm its e-mail, not a 403 code", () => {
    const refusal = describeRefusal(
      answer(new ApiError("email_unverified", "x", { extra: { resend_url: "/api/auth/verify-email/resend" } })),
    );

    expect(refusal.message).toMatch(/^Confirm your e-mail address before starting a job/);
    expect(refusal.message).not.toContain("/api/");
  });

  it("says when to try again after a rate limit", () => {
    const refusal = describeRefusal({
      status: 429,
      body: {
        error: "At most 3 confirmation e-mails per hour; check your spam folder",
        code: "rate_limited",
        limit_type: "per_minute",
        retry_after: 1800,
      },
    });

    expect(refusal.message).toBe("At most 3 confirmation e-mails per hour; check your spam folder. Try again in 30 minutes.");
  });

  it("turns server trouble, an answer without a body and a lost connection into plain sentences", () => {
    expect(describeRefusal(answer(new ApiError("database_unavailable", "Database unavailable"))).message).toBe(
      "StoreLens cannot do this right now. Try again in a minute.",
    );
    expect(describeRefusal({ status: 404, body: null }).message).toBe("The request was refused (HTTP 404). Try again, or reload the page.");
    expect(describeRefusal(new TypeError("Failed to fetch")).message).toBe(
      "Could not reach StoreLens. Check your connection and try again.",
    );
    expect(describeRefusal(answer(new ApiError("unauthorized", "Authentication required"))).message).toBe(
      "You are signed out. Sign in again and retry.",
    );
  });
});

describe("checkBeforeSending", () => {
  it("refuses an empty key name before any request, in the form's words", () => {
    expect(checkBeforeSending(createApiKeySchema, { name: "" }, KEY_WORDING)).toEqual({
      message: undefined,
      fields: { name: "Give the key a name." },
    });
    expect(checkBeforeSending(createApiKeySchema, { name: "CI" }, KEY_WORDING)).toBeNull();
  });

  it("states the API's length limit in characters", () => {
    const refusal = checkBeforeSending(createJobBodySchema, { domain: "a".repeat(301) }, { domain: { label: "the store domain" } });

    expect(refusal?.fields).toEqual({ domain: "Keep the store domain to 300 characters or fewer." });
  });

  it("checks a sign-up with the API's own rules: the e-mail's format and the password's strength", () => {
    const wording = {
      email: { label: "your e-mail address", required: "Enter your e-mail address." },
      password: { label: "a password", required: "Choose a password." },
      name: { label: "your name" },
    };

    expect(checkBeforeSending(signUpSchema, { email: "", password: "", name: "" }, wording)?.fields).toEqual({
      email: "Enter your e-mail address.",
      password: "Choose a password.",
    });
    expect(checkBeforeSending(signUpSchema, { email: "pat@example", password: "short", name: "" }, wording)?.fields).toEqual({
      email: "Enter a valid e-mail address, like name@example.com.",
      password: "Password is too weak: use at least 10 characters.",
    });
  });
});

describe("asSentence", () => {
  it("adds a capital and a full stop, and leaves a finished sentence alone", () => {
    expect(asSentence("name must not be empty")).toBe("Name must not be empty.");
    expect(asSentence("Wrong e-mail or password.")).toBe("Wrong e-mail or password.");
    expect(asSentence("")).toBe("");
  });
});
