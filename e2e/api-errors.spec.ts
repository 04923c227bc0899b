import { expect, test } from "@playwright/test";

// Hostile or mistaken requests against the real server: JSON errors, never HTML, never a hang.

test("/api/pagespeed/not-a-uuid is not found, like its siblings", async ({ request }) => {
  const response = await request.get("/api/pagespeed/not-a-uuid");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "not_found" });
});

test("a body over the cap is refused with 413 before it is read whole", async ({ request }) => {
  const response = await request.post("/api/auth/sign-up", {
    headers: { "content-type": "application/json" },
    data: `{"email":"big@example.com","password":"${"x".repeat(2_000_000)}"}`,
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ code: "payload_too_large" });
});
