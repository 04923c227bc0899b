import { siteUrl } from "@/lib/site-url";
import { listRecentBlogPosts } from "./list-blog-posts";

const FEED_ENTRIES = 20;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The blog as an Atom 1.0 feed (RFC 4287); entry content is the sanitized HTML of each post. */
export async function buildAtomFeed(): Promise<string> {
  const base = siteUrl();
  const posts = await listRecentBlogPosts(FEED_ENTRIES);
  const updated = posts[0]?.published_at ?? new Date(0).toISOString();
  const entries = posts.map(
    (post) => `  <entry>
    <id>${escapeXml(post.url)}</id>
    <title>${escapeXml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(post.url)}"/>
    <published>${post.published_at}</published>
    <updated>${post.published_at}</updated>
    <summary>${escapeXml(post.summary)}</summary>
    <content type="html">${escapeXml(post.body_html)}</content>
  </entry>`,
  );

  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(`${base}/blog`)}</id>
  <title>StoreLens blog</title>
  <subtitle>What our directory of analyzed Shopify stores says, week by week.</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/blog/feed.xml`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/blog`)}"/>
  <updated>${updated}</updated>
  <author><name>StoreLens</name></author>
${entries.join("\n")}
</feed>
`;
}
