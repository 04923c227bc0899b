import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { getStorePageOrThrow } from "@/lib/stores/get-store-page";

export const dynamic = "force-dynamic";

async function load(slug: string) {
  try {
    return await getStorePageOrThrow(slug);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export async function generateMetadata(props: PageProps<"/stores/[slug]">): Promise<Metadata> {
  const { seo } = await load((await props.params).slug);

  return {
    title: seo.title,
    description: seo.description,
    alternates: { canonical: seo.canonical },
    robots: { index: seo.indexable, follow: true },
  };
}

export default async function StorePage(props: PageProps<"/stores/[slug]">) {
  const data = await load((await props.params).slug);
  const { store, seo } = data;

  return (
    <article className="space-y-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(seo.json_ld).replace(/</g, "\\u003c") }} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{store.name ?? store.domain}</h1>
        <p className="text-slate-600">{seo.description}</p>
        <p className="mt-2 text-sm text-slate-500">
          {store.domain} · {store.product_count ?? 0} products · {store.collection_count ?? 0} collections · {store.currency ?? "—"}
          {store.theme ? ` · ${store.theme} theme` : ""}
        </p>
        <Link href={`/reports/${data.latest_job_id}`} className="mt-3 inline-block text-indigo-700 underline">
          Full report
        </Link>
      </header>
      {data.apps.length > 0 && (
        <section>
          <h2 className="text-lg font-semibold">Installed apps</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {data.apps.map((app) => (
              <li key={app.slug}>
                <Link href={`/apps/${app.slug}`} className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800 ring-1 ring-indigo-200">
                  {app.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2 className="text-lg font-semibold">Products</h2>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.products.map((product) => (
            <li key={product.id} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <p className="font-medium">{product.title}</p>
              <p className="text-sm text-slate-500">
                {product.priceMin === product.priceMax ? product.priceMin : `${product.priceMin}–${product.priceMax}`} {store.currency ?? ""}
                {product.available === false ? " · sold out" : ""}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
