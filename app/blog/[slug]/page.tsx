import type { Metadata } from "next";
import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import { JsonLd } from "@/components/seo/json-ld";
import { buildArticleJsonLd } from "@/lib/blog/article-json-ld";
import { getBlogPost } from "@/lib/blog/list-blog-posts";
import { orNotFound } from "@/lib/http/or-not-found";
import { siteUrl } from "@/lib/site-url";

export const dynamic = "force-dynamic";

const load = (slug: string) => orNotFound(getBlogPost(slug));

export async function generateMetadata(props: PageProps<"/blog/[slug]">): Promise<Metadata> {
  const post = await load((await props.params).slug);

  return {
    title: post.title,
    description: post.summary,
    alternates: { canonical: post.url },
    openGraph: {
      type: "article",
      title: post.title,
      description: post.summary,
      url: post.url,
      publishedTime: post.published_at,
      siteName: "StoreLens",
    },
  };
}

export default async function BlogPostPage(props: PageProps<"/blog/[slug]">) {
  const post = await load((await props.params).slug);

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <JsonLd data={buildArticleJsonLd(post, siteUrl())} />
      <header>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link href="/blog" className="hover:underline">
            Blog
          </Link>
        </nav>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
        </p>
      </header>
      {/* body_html is rendered from Markdown and sanitized in lib/blog/render-markdown.ts */}
      <div className="post-body space-y-4 leading-relaxed text-slate-800" dangerouslySetInnerHTML={{ __html: post.body_html }} />
    </article>
  );
}
