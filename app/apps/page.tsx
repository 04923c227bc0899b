import type { Metadata } from "next";
import Link from "next/link";
import { plural } from "@/components/ui/format";
import { listApps, listAppsQuerySchema } from "@/lib/apps/app-directory";
import { appCategoryLabel } from "@/lib/apps/category-labels";
import { APP_CATEGORIES } from "@/lib/apps/schemas";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shopify app directory",
  description: "Shopify apps, pixels and tags detected on analyzed stores, most installed first, with how many stores run each.",
};

const field = "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";

export default async function AppsPage(props: PageProps<"/apps">) {
  const raw = await props.searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
  const parsed = listAppsQuerySchema.safeParse({ q: first(raw.q), category: first(raw.category) });
  const query = parsed.success ? parsed.data : {};
  const showAll = first(raw.all) === "1";
  // Ordered by stores seen (listApps); apps no analyzed store runs wait behind "show all", unless searched for.
  const { data, tags } = await listApps(query);
  const seen = data.filter((app) => app.stores > 0);
  const shown = showAll || query.q ? data : seen;
  const hidden = data.length - shown.length;
  const allHref = `/apps?${new URLSearchParams({ ...(query.category ? { category: query.category } : {}), all: "1" })}`;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">App directory</h1>
        <p className="text-slate-600">
          {plural(seen.length, "Shopify app")} seen on analyzed stores, most installed first, out of {plural(data.length, "app")} StoreLens
          recognizes{query.category ? ` in ${appCategoryLabel(query.category)}` : ""}.
        </p>
      </header>
      <form
        role="search"
        aria-label="Apps"
        action="/apps"
        className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="apps-q" className="mb-1 block text-xs font-medium text-slate-700">
            Search apps
          </label>
          <input id="apps-q" name="q" type="search" defaultValue={query.q} placeholder="e.g. reviews, Klaviyo" className={field} />
        </div>
        <div>
          <label htmlFor="apps-category" className="mb-1 block text-xs font-medium text-slate-700">
            Category
          </label>
          <select id="apps-category" name="category" defaultValue={query.category ?? ""} className={field}>
            <option value="">All categories</option>
            {APP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {appCategoryLabel(category)}
              </option>
            ))}
          </select>
        </div>
        <button className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">Search</button>
      </form>
      {shown.length === 0 ? (
        <p className="text-slate-600">{query.q ? `No app matches “${query.q}”.` : "No app detected on an analyzed store yet."}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Apps">
          {shown.map((app) => (
            <li key={app.slug} className="min-w-0 rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <Link href={`/apps/${app.slug}`} className="break-words font-medium text-indigo-700 hover:underline">
                {app.name}
              </Link>
              <p className="text-sm text-slate-600">
                {appCategoryLabel(app.category)} · {app.stores > 0 ? plural(app.stores, "store") : "not seen yet"}
              </p>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <p>
          <Link href={allHref} className="text-sm font-medium text-indigo-700 underline">
            Show all {plural(data.length, "app")}, including {hidden} not seen on a store yet
          </Link>
        </p>
      ) : null}
      {tags.length > 0 ? (
        <section aria-labelledby="pixels-and-tags" className="space-y-3">
          <h2 id="pixels-and-tags" className="text-lg font-semibold">
            Pixels and tags
          </h2>
          <p className="text-sm text-slate-600">Analytics and advertising tags found on analyzed stores, most stores first.</p>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Pixels and tags">
            {tags.map((tag) => (
              <li key={tag.kind} className="min-w-0 rounded-lg bg-white p-3 ring-1 ring-slate-200">
                <Link
                  href={`/stores?tag=${encodeURIComponent(tag.kind)}`}
                  className="break-words font-medium text-indigo-700 hover:underline"
                >
                  {tag.name}
                </Link>
                <p className="text-sm text-slate-600">{plural(tag.stores, "store")}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
