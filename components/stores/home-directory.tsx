import Link from "next/link";
import { PostList } from "@/components/blog/post-list";
import { formatDate, plural } from "@/components/ui/format";
import type { getHomeDirectory } from "@/lib/seo/home-directory";

type HomeDirectoryData = Awaited<ReturnType<typeof getHomeDirectory>>;

/** The directory on the home page: recent stores, popular apps, latest posts; on a fresh install, the sample and an invitation. */
export function HomeDirectory({ data }: { data: HomeDirectoryData }) {
  if (data.storeCount === 0) return <EmptyDirectory data={data} />;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="recent-stores" className="rounded-xl bg-white p-5 ring-1 ring-slate-200 lg:col-span-2">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-stores" className="text-lg font-semibold">
            Recently analyzed stores
          </h2>
          <Link href="/stores" className="text-sm text-indigo-700 underline">
            {data.storeCount === 0 ? "Store directory" : `All ${plural(data.storeCount, "store")}`}
          </Link>
        </div>
        {data.recentStores.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No store analyzed yet: submit the first one above.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {data.recentStores.map((store) => (
              <li key={store.slug} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                <Link href={`/stores/${store.slug}`} className="truncate font-medium text-slate-800 hover:text-indigo-700 hover:underline">
                  {store.name ?? store.domain}
                </Link>
                <span className="shrink-0 text-slate-500">
                  {plural(store.product_count ?? 0, "product")} · {formatDate(store.last_analyzed_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="popular-apps" className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <div className="flex items-baseline justify-between">
          <h2 id="popular-apps" className="text-lg font-semibold">
            Popular apps
          </h2>
          <Link href="/apps" className="text-sm text-indigo-700 underline">
            App directory
          </Link>
        </div>
        {data.popularApps.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No app detected yet.</p>
        ) : (
          <ol className="mt-3 space-y-1 text-sm">
            {data.popularApps.map((app) => (
              <li key={app.slug} className="flex justify-between gap-3">
                <Link href={`/apps/${app.slug}`} className="truncate text-slate-800 hover:text-indigo-700 hover:underline">
                  {app.name}
                </Link>
                <span className="shrink-0 tabular-nums text-slate-500">{plural(app.stores, "store")}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <LatestPosts posts={data.latestPosts} className="lg:col-span-3" />
    </div>
  );
}

/**
 * A fresh install has no store, app or post to list: one box saying what the directory will
 * hold, with the sample report and the form as the ways in, instead of three empty lists.
 */
function EmptyDirectory({ data }: { data: HomeDirectoryData }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="directory-start" className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="directory-start" className="text-lg font-semibold">
          The store directory fills as stores are analyzed
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-slate-600">
          No store has been analyzed on this server yet. Each analysis adds its store to the{" "}
          <Link href="/stores" className="text-indigo-700 underline">
            store directory
          </Link>
          , with its theme, apps and prices, and counts the apps it runs in the{" "}
          <Link href="/apps" className="text-indigo-700 underline">
            app directory
          </Link>
          .
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {data.sample ? (
            <li>
              <Link href={`/reports/${data.sample.jobId}`} className="text-indigo-700 underline">
                Read the sample report
              </Link>{" "}
              of {data.sample.name}, built from a bundled capture of its home page (not live data).
            </li>
          ) : null}
          <li>
            <Link href="/#analyze" className="text-indigo-700 underline">
              Analyze the first store
            </Link>{" "}
            with the form above.
          </li>
        </ul>
      </section>
      {data.latestPosts.length > 0 ? <LatestPosts posts={data.latestPosts} /> : null}
    </div>
  );
}

/** The latest blog posts, with the way to all of them. */
function LatestPosts({ posts, className }: { posts: HomeDirectoryData["latestPosts"]; className?: string }) {
  return (
    <section aria-labelledby="latest-posts" className={className}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="latest-posts" className="text-lg font-semibold">
          From the blog
        </h2>
        <Link href="/blog" className="text-sm text-indigo-700 underline">
          All posts
        </Link>
      </div>
      <PostList posts={posts} />
    </section>
  );
}
