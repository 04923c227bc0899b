import type { BlogPost } from "./schemas";

/** schema.org Article of a post, with the blog's breadcrumb trail. */
export function buildArticleJsonLd(post: BlogPost, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Article",
        "@id": `${post.url}#article`,
        headline: post.title.slice(0, 110),
        description: post.summary,
        url: post.url,
        mainEntityOfPage: post.url,
        datePublished: post.published_at,
        dateModified: post.published_at,
        author: { "@type": "Organization", name: "StoreLens", url: `${siteUrl}/` },
        publisher: { "@type": "Organization", name: "StoreLens", url: `${siteUrl}/` },
      },
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "StoreLens", item: `${siteUrl}/` },
          { "@type": "ListItem", position: 2, name: "Blog", item: `${siteUrl}/blog` },
          { "@type": "ListItem", position: 3, name: post.title, item: post.url },
        ],
      },
    ],
  };
}
