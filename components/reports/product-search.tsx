"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

const DEBOUNCE_MS = 300;

/**
 * Search box of the products table. Without script it is a plain GET form; with script it
 * updates the URL as you type (debounced), and the server re-renders the matching page.
 */
export function ProductSearch({ initialQuery, hiddenFields }: { initialQuery: string; hiddenFields: Record<string, string> }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [value, setValue] = useState(initialQuery);
  const [isPending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    const params = new URLSearchParams(searchParams.toString());
    if (next.trim()) params.set("q", next.trim());
    else params.delete("q");
    // A new search starts on its first page.
    params.delete("page");
    const search = params.toString();
    startTransition(() => router.replace(`${pathname}${search ? `?${search}` : ""}#products`, { scroll: false }));
  };

  return (
    <form
      role="search"
      action={pathname}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        apply(value);
      }}
      className="flex items-center gap-2"
    >
      {Object.entries(hiddenFields).map(([name, fieldValue]) => (
        <input key={name} type="hidden" name={name} value={fieldValue} />
      ))}
      <label htmlFor="product-search" className="sr-only">
        Search products
      </label>
      <input
        id="product-search"
        type="search"
        name="q"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          clearTimeout(timer.current);
          const next = event.target.value;
          timer.current = setTimeout(() => apply(next), DEBOUNCE_MS);
        }}
        placeholder="Search title, vendor, tag, SKU"
        className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:w-72"
      />
      <span aria-live="polite" className="w-14 text-xs text-slate-600">
        {isPending ? "Loading…" : ""}
      </span>
    </form>
  );
}
