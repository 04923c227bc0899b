import type { Metadata } from "next";
import Link from "next/link";
import { PostList } from "@/components/blog/post-list";
import { PaginationNav } from "@/components/ui/pagination-nav";
import { listBlogPosts } from "@/lib/blog/list-blog-posts";
import { blogPostListQuerySchema } from "@/lib/blog/schemas";
import { siteUrl } from "@/lib/site-url";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: "Blog: the Shopify directory, week by week",
    description:
      "Weekly posts written from the StoreLens directory: new stores, the most-installed apps, theme share and the biggest catalog movers.",
    alternates: { canonical: `${siteUrl()}/blog`, types: { "application/atom+xml": `${siteUrl()}/blog/feed.xml` } },
  };
}

export default async function BlogPage(props: PageProps<"/blog">) {
  const query = blogPostListQuerySchema.catch({ page: 1, per_page: 20 }).parse({ page: (await props.searchParams).page });
  const { data, pagination } = await listBlogPosts(query);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Blog</h1>
        <p className="text-slate-600">
          What our directory of analyzed Shopify stores says, week by week.{" "}
          <Link href="/blog/feed.xml" className="text-indigo-700 underline">
            Atom feed
          </Link>
        </p>
      </header>
      <PostList posts={data} />
      <PaginationNav basePath="/blog" params={{}} page={pagination.page} totalPages={pagination.total_pages} />
    </div>
  );
}
