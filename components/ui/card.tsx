import type { ReactNode } from "react";

/** A white panel with its heading: the block the dashboard's pages are built of. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
