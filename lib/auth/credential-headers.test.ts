// Which requests name a caller, and so must meet the route wrapper rather than an answer kept
// for everyone (server/public-answers/public-answers.ts).
import { describe, expect, it } from "vitest";
import { carriesCredential } from "./credential-headers";

describe("carriesCredential", () => {
  it("names a request with a key, a bearer token, a session cookie (chunked or secure too) or a payment, whatever its value", () => {
    for (const headers of [
      { "x-api-key": "" },
      { "x-api-key": "sl_revoked" },
      { authorization: "Basic eA==" },
      { cookie: "theme=dark; authjs.session-token=garbage" },
      { cookie: "__Secure-authjs.session-token.1=part" },
      { "payment-signature": "x" },
      { "x-payment": "x" },
    ]) {
      expect(carriesCredential(headers), JSON.stringify(headers)).toBe(true);
    }
  });

  it("leaves a visitor with other cookies and headers anonymous", () => {
    expect(carriesCredential({})).toBe(false);
    expect(carriesCredential({ cookie: "theme=dark; my-authjs.session-token-like=1", "accept-encoding": "br" })).toBe(false);
  });
});
