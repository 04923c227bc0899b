import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { accounts, apiKeys } from "@/db/schema";
import { listOutbox } from "@/lib/mail";
import { createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { requestPasswordReset, resetPassword } from "./password-reset";

// An attacker who registered someone's e-mail first (and made API keys, linked an OAuth login)
// must keep nothing once the mailbox owner resets the password.

describe("password reset takes the account back", () => {
  it("revokes every API key and unlinks every OAuth login made before the reset", async () => {
    const user = await createTestUser({ email: "owner@example.com" });
    const { id: keyId } = await createTestApiKey(user.id, "attacker's key");
    await getDb().insert(accounts).values({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "attacker-1" });

    await requestPasswordReset({ email: "owner@example.com" });
    const [mail] = await listOutbox({ to: "owner@example.com" });
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await resetPassword({ token, password: "the real owner 2024" });

    const [key] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(key!.revokedAt).not.toBeNull();
    expect(await getDb().$count(accounts, eq(accounts.userId, user.id))).toBe(0);
  });
});
