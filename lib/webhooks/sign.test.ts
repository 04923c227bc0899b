import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signWebhook, visibleSecretPrefix } from "./sign";

describe("signWebhook", () => {
  it("signs so that the standardwebhooks library accepts it, and refuses a changed body or another secret", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ event: "alert", n: 1 });
    const headers = signWebhook(secret, "msg_1", body);

    expect(new Webhook(secret).verify(body, headers)).toEqual({ event: "alert", n: 1 });
    expect(() => new Webhook(secret).verify(body.replace("1", "2"), headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("makes whsec_ secrets of 32 random bytes and shows only their first characters", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(visibleSecretPrefix(secret)).toBe(secret.slice(0, 12));
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});
