import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import type { BlogPostSummary } from "@/lib/blog/schemas";

export function PostList({ posts }: { posts: BlogPostSummary[] }) {
  if (posts.length === 0)
    return <p className="text-sm text-slate-500">No posts yet: the first weekly post appears once the directory has a week of analyses.</p>;

  return (
    <ul className="space-y-4">
      {posts.map((post) => (
        <li key={post.slug} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <Link href={`/blog/${post.slug}`} className="text-lg font-semibold text-indigo-700 hover:underline">
            {post.title}
          </Link>
          <p className="mt-1 text-sm text-slate-500">
            <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
          </p>
          <p className="mt-2 text-slate-700">{post.summary}</p>
        </li>
      ))}
    </ul>
  );
}
