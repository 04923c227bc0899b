import type { Metadata } from "next";
import { renderApiChangelog } from "@/lib/endpoints/api-changelog";

export const metadata: Metadata = {
  title: "API changelog",
  description: "Dated changes to the StoreLens API; breaking ones flagged, with the shape before and after.",
};

export default async function ApiChangelogPage() {
  const html = await renderApiChangelog();

  return (
    <article className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">API changelog</h1>
        <p className="text-slate-600">
          Also in the repository as <code className="rounded bg-slate-100 px-1">docs/api-changelog.md</code>. The current reference:{" "}
          <a href="/docs" className="text-indigo-700 underline">
            /docs
          </a>
          .
        </p>
      </header>
      {/* Our own Markdown, rendered and sanitized in lib/blog/render-markdown.ts */}
      <div className="post-body space-y-4 leading-relaxed text-slate-800" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
