import Link from "next/link";
import type { ReactNode } from "react";

type DashboardCardProps = {
  title: string;
  /** The tab with the whole list ("All jobs"), when the card shows only part of it. */
  more?: { href: string; label: string };
  className?: string;
  children: ReactNode;
};

/** One panel of the dashboard's overview: a heading, a link to the whole of it, the content. */
export function DashboardCard({ title, more, className = "", children }: DashboardCardProps) {
  const headingId = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  return (
    <section aria-labelledby={headingId} className={`min-w-0 rounded-xl bg-white p-5 ring-1 ring-slate-200 ${className}`.trim()}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {more ? (
          <Link href={more.href} className="text-sm text-indigo-700 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}
