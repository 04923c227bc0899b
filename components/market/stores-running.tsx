import Link from "next/link";
import type { StoreSummary } from "@/lib/store-directory/schemas";

/** The stores running an app or a theme now, each linking to its store page. */
export function StoresRunning({ name, stores }: { name: string; stores: StoreSummary[] }) {
  return (
    <section>
      <h2 className="text-lg font-semibold">Stores running {name}</h2>
      {stores.length === 0 ? (
        <p className="mt-2 text-slate-600">No analyzed store runs it yet.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {stores.map((store) => (
            <li key={store.slug}>
              <Link href={`/stores/${store.slug}`} className="text-indigo-700 underline">
                {store.name ?? store.domain}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
