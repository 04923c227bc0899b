import type { Metadata } from "next";
import Link from "next/link";
import { PaginationNav } from "@/components/ui/pagination-nav";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shopify store directory",
  description: "Every Shopify store analyzed by StoreLens: catalogue size, theme, currency and installed apps.",
};

export default async function StoresPage(props: PageProps<"/stores">) {
  const raw = await props.searchParams;
  const parsed = listStoresQuerySchema.safeParse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const query = parsed.success ? parsed.data : listStoresQuerySchema.parse({});
  const { data, pagination } = await listStores(query);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Store directory</h1>
        <p className="text-slate-600">{pagination.total} analyzed Shopify stores.</p>
      </header>
      <form className="flex max-w-lg gap-2" role="search">
        <label htmlFor="q" className="sr-only">
          Search stores
        </label>
        <input id="q" name="q" defaultValue={query.q} placeholder="Search by name or domain" className="flex-1 rounded-md border border-slate-300 px-3 py-2" />
        <button className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white">Search</button>
      </form>
      {data.length === 0 ? (
        <p className="text-slate-500">No stores match.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((store) => (
            <li key={store.slug} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <Link href={`/stores/${store.slug}`} className="font-semibold text-indigo-700 hover:underline">
                {store.name ?? store.domain}
              </Link>
              <p className="text-sm text-slate-500">{store.domain}</p>
              <p className="mt-1 text-sm text-slate-600">
                {store.product_count ?? 0} products · {store.currency ?? "—"} · {store.theme ?? "theme unknown"}
              </p>
            </li>
          ))}
        </ul>
      )}
      <PaginationNav basePath="/stores" params={{ q: query.q }} page={pagination.page} totalPages={pagination.total_pages} />
    </div>
  );
}
