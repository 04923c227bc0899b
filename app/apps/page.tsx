import type { Metadata } from "next";
import Link from "next/link";
import { listApps } from "@/lib/apps/app-directory";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shopify app directory",
  description: "Shopify apps detected on analyzed stores, by category, with how many stores run each.",
};

export default async function AppsPage() {
  const { data, categories } = await listApps({});

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">App directory</h1>
        <p className="text-slate-600">{data.length} Shopify apps StoreLens recognizes on a storefront.</p>
      </header>
      {categories.map((category) => {
        const apps = data.filter((app) => app.category === category);
        if (apps.length === 0) return null;

        return (
          <section key={category}>
            <h2 className="text-lg font-semibold capitalize">{category.replaceAll("-", " ")}</h2>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {apps.map((app) => (
                <li key={app.slug} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
                  <Link href={`/apps/${app.slug}`} className="font-medium text-indigo-700 hover:underline">
                    {app.name}
                  </Link>
                  <p className="text-sm text-slate-500">{app.stores} stores</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
