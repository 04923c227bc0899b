import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import WebSocket from "ws";

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

test("unknown /api paths answer the JSON error body with 404, whatever the method", async ({ request }) => {
  for (const path of ["/api/no-such-endpoint", "/api/jobs/00000000-0000-4000-8000-000000000000/nope?x=1", "/api"]) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const response = await request.fetch(path, { method, headers: { origin: "http://127.0.0.1" } });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({ error: expect.any(String), code: "not_found" });
    }
  }
  const head = await request.head("/api/no-such-endpoint");
  expect(head.status()).toBe(404);
});

test("known routes and pages are still Next's, and /api/ws still upgrades to a WebSocket", async ({ request, baseURL }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get("/api/openapi.json")).status()).toBe(200);
  expect((await request.get("/no-such-page")).headers()["content-type"]).toContain("text/html");

  // Next has served requests by now, so its own upgrade listener is attached: the job socket must still answer.
  const socket = new WebSocket(`${baseURL!.replace(/^http/, "ws")}/api/ws/${randomUUID()}`);
  let opened = false;
  socket.on("open", () => (opened = true));
  const close = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on("error", reject);
  });
  expect(opened).toBe(true);
  expect(close).toEqual({ code: 4404, reason: "job not found" });
});
