import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAppRoute } from "@/app/api/apps/[name]/route";
import { GET as getThemeRoute } from "@/app/api/themes/[slug]/route";
import { getDb } from "@/db";
import { stores, technologyEvents } from "@/db/schema";
import type { AppDetail } from "@/lib/apps/schemas";
import { weekOf } from "@/lib/history/app-history";
import { seedAnalyzedStore, seedAppEvent } from "@/testing/directory-seed";
import { MARKET_WEEKS, type ThemeReport } from "./schemas";

// An app's and a theme's market report: stores running it now, adoptions and drops by week from
// the stores' technology timelines, co-installs, share, countries and themes, through the API.

const DAY = 86_400_000;
const now = Date.now();

async function appReport(name: string): Promise<{ status: number; body: AppDetail }> {
  const response = await getAppRoute(new Request(`http://localhost:3000/api/apps/${name}`), { params: Promise.resolve({ name }) });

  return { status: response.status, body: (await response.json()) as AppDetail };
}

async function themeReport(slug: string): Promise<{ status: number; body: ThemeReport }> {
  const response = await getThemeRoute(new Request(`http://localhost:3000/api/themes/${slug}`), { params: Promise.resolve({ slug }) });

  return { status: response.status, body: (await response.json()) as ThemeReport };
}

beforeAll(async () => {
  // mk-x on three stores: with mk-a on two of them, with mk-b on one. mk-a alone on a fourth.
  const one = await seedAnalyzedStore({ domain: "mk-1.test", apps: [{ slug: "mk-x" }, { slug: "mk-a" }], theme: "Dawn", country: "PT" });
  const two = await seedAnalyzedStore({
    domain: "mk-2.test",
    apps: [{ slug: "mk-x" }, { slug: "mk-a" }, { slug: "mk-b" }],
    theme: "Dawn",
    country: "PT",
  });
  await seedAnalyzedStore({ domain: "mk-3.test", apps: [{ slug: "mk-x" }], theme: "Prestige", country: "DE" });
  const four = await seedAnalyzedStore({ domain: "mk-4.test", apps: [{ slug: "mk-a" }], theme: "Dawn" });
  // Claimed, never analyzed: counts nowhere.
  const [hidden] = await getDb().insert(stores).values({ domain: "mk-hidden.test", slug: "mk-hidden-test", themeName: "Dawn" }).returning();
  expect(hidden).toBeDefined();

  // The timeline: two installs this week, one last week, a removal two weeks ago, one install long before the window.
  await seedAppEvent({ store: one.store, jobId: one.jobId, kind: "app_installed", app: "mk-x", at: new Date(now) });
  await seedAppEvent({ store: two.store, jobId: two.jobId, kind: "app_installed", app: "mk-x", at: new Date(now - 1000) });
  await seedAppEvent({ store: four.store, jobId: four.jobId, kind: "app_installed", app: "mk-x", at: new Date(now - 7 * DAY) });
  await seedAppEvent({ store: four.store, jobId: four.jobId, kind: "app_removed", app: "mk-x", at: new Date(now - 14 * DAY) });
  await seedAppEvent({ store: four.store, jobId: four.jobId, kind: "app_installed", app: "mk-x", at: new Date(now - 200 * DAY) });
  await getDb().update(stores).set({ country: null }).where(eq(stores.id, four.store.id));

  // Theme changes as the timeline records them: the label is the new theme, `before` the old one with its version.
  const themeChange = (seeded: typeof one, before: string, label: string, at: number) =>
    getDb()
      .insert(technologyEvents)
      .values({
        storeId: seeded.store.id,
        jobId: seeded.jobId,
        at: new Date(at),
        previousJobId: seeded.jobId,
        previousAt: new Date(at - DAY),
        technology: "theme",
        kind: "theme_changed",
        key: "theme",
        label,
        before,
        after: label,
      });
  await themeChange(four, "Prestige 9.1.0", "Dawn", now); // switched to Dawn this week
  await themeChange(two, "Dawn 15.0.0", "Dawn", now); // an upgrade of Dawn: neither
  await themeChange(one, "Dawn 15.0.0", "Sense", now - 7 * DAY); // away from Dawn last week
  await themeChange(one, "Sense 15.2.0", "Dawn", now - 7 * DAY + 1000); // and back the same week
});

describe("an app's market report (GET /api/apps/:name)", () => {
  it("counts the stores running it now and its installs and removals week by week", async () => {
    const { status, body } = await appReport("mk-x");
    expect(status).toBe(200);
    expect(body.market.stores_now).toBe(3);
    expect(body.market.weeks).toHaveLength(MARKET_WEEKS);
    const byWeek = Object.fromEntries(body.market.weeks.map((week) => [week.week, week]));
    expect(byWeek[weekOf(new Date(now))]).toMatchObject({ installed: 2, removed: 0 });
    expect(byWeek[weekOf(new Date(now - 7 * DAY))]).toMatchObject({ installed: 1, removed: 0 });
    expect(byWeek[weekOf(new Date(now - 14 * DAY))]).toMatchObject({ installed: 0, removed: 1 });
    expect(body.market.installed_recently).toBe(3);
    expect(body.market.removed_recently).toBe(1);
    expect(body.market.weeks.at(-1)!.week).toBe(weekOf(new Date(now)));
  });

  it("names the apps most often installed with it, its category share, and its stores' countries and themes", async () => {
    const { body } = await appReport("mk-x");
    expect(body.market.co_installs.map(({ slug, stores, share }) => ({ slug, stores, share }))).toEqual([
      { slug: "mk-a", stores: 2, share: 0.667 },
      { slug: "mk-b", stores: 1, share: 0.333 },
    ]);
    // Four listed stores run an app of its category ("test", as the seed files them); three run mk-x.
    expect(body.market.share).toMatchObject({ stores: 4, share: 0.75 });
    expect(body.market.countries).toEqual([
      { value: "PT", label: "Portugal", stores: 2, share: 0.667 },
      { value: "DE", label: "Germany", stores: 1, share: 0.333 },
    ]);
    expect(body.market.themes.map(({ value, label, stores }) => ({ value, label, stores }))).toEqual([
      { value: "dawn", label: "Dawn", stores: 2 },
      { value: "prestige", label: "Prestige", stores: 1 },
    ]);
  });

  it("says nothing of installs for an app no store ever installed", async () => {
    const { body } = await appReport("mk-b");
    expect(body.market.stores_now).toBe(1);
    expect(body.market.installed_recently).toBe(0);
    expect(body.market.weeks.every((week) => week.installed === 0 && week.removed === 0)).toBe(true);
    expect(body.market.co_installs.map((app) => app.slug)).toEqual(["mk-a", "mk-x"]);
  });
});

describe("a theme's market report (GET /api/themes/:slug)", () => {
  it("counts its listed stores, its share of the stores with a known theme, their apps and countries", async () => {
    const { status, body } = await themeReport("dawn");
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: "dawn", name: "Dawn", stores_now: 3 });
    expect(body.share).toMatchObject({ stores: 4, share: 0.75 });
    expect(body.co_installs.map(({ slug, stores }) => ({ slug, stores }))).toEqual([
      { slug: "mk-a", stores: 3 },
      { slug: "mk-x", stores: 2 },
      { slug: "mk-b", stores: 1 },
    ]);
    expect(body.countries.map(({ value, stores }) => ({ value, stores }))).toEqual([{ value: "PT", stores: 2 }]);
    expect(body.recent_stores.map((store) => store.slug).sort()).toEqual(["mk-1-test", "mk-2-test", "mk-4-test"]);
  });

  it("counts the stores that switched to it and away from it by week, a version upgrade neither", async () => {
    const { body } = await themeReport("dawn");
    const byWeek = Object.fromEntries(body.weeks.map((week) => [week.week, week]));
    expect(byWeek[weekOf(new Date(now))]).toMatchObject({ installed: 1, removed: 0 });
    expect(byWeek[weekOf(new Date(now - 7 * DAY))]).toMatchObject({ installed: 1, removed: 1 });
    expect(body).toMatchObject({ installed_recently: 2, removed_recently: 1 });
    const prestige = (await themeReport("prestige")).body;
    expect(prestige).toMatchObject({ stores_now: 1, installed_recently: 0, removed_recently: 1 });
  });

  it("answers 404 for a theme no listed store runs, and 400 for a malformed slug", async () => {
    expect((await themeReport("no-such-theme")).status).toBe(404);
    expect((await themeReport("Not a slug!")).status).toBe(400);
  });
});
