import { expect, type Page } from "@playwright/test";

/** The fake store's origin (its control API under /__fake), known to the server and the specs. */
export const fakeStoreOrigin = `http://127.0.0.1:${process.env.E2E_FAKE_STORE_PORT}`;

/** Tracks `domain` as the signed-in user and waits for its first analysis to complete. */
export async function trackAndWait(page: Page, domain: string): Promise<void> {
  expect((await page.request.post("/api/shops", { data: { domain } })).status()).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/shops")).json()) as { data: { latest_job: { status: string } | null }[] }).data[0]?.latest_job
          ?.status,
      { timeout: 60_000 },
    )
    .toBe("completed");
}

/** Analyzes `domain` again and waits for the job to complete. */
export async function analyzeAndWait(page: Page, domain: string): Promise<void> {
  const res = await page.request.post("/api/jobs", { data: { domain } });
  expect(res.status()).toBe(201);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${job.id}/status`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("completed");
}
