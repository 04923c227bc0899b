"use client";

import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";

/**
 * The header's links behind a "Menu" button on a phone (they wrapped to three rows there), inline
 * from sm up. Opened, the menu closes when the reader moves to another page. Without JavaScript a
 * <noscript> style shows the links and hides the button that could not work.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  // Open on the page it was opened on only: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <>
      <button
        type="button"
        id="site-menu-button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpenOn(null);
        }}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 sm:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.75">
          {open ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3 6h14M3 10h14M3 14h14" />}
        </svg>
        Menu
      </button>
      <nav
        id="site-menu"
        aria-label="Main"
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            setOpenOn(null);
            document.getElementById("site-menu-button")?.focus();
          }
        }}
        className={`${open ? "flex" : "hidden"} w-full flex-col gap-1 border-t border-slate-200 pt-2 text-sm sm:flex sm:w-auto sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3 sm:gap-y-2 sm:border-0 sm:pt-0`}
      >
        {children}
      </nav>
      <noscript>
        <style>{"#site-menu{display:flex}#site-menu-button{display:none}"}</style>
      </noscript>
    </>
  );
}
