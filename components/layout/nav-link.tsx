"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Whether `href` is the section the reader is in: the page itself or any page below it. */
export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * A header link that says when it is the section the reader is in (aria-current="page"), for
 * screen readers and by its look. The header itself renders on the server; only this reads the path.
 */
export function NavLink({
  href,
  className,
  currentClassName,
  children,
}: {
  href: string;
  className: string;
  currentClassName: string;
  children: ReactNode;
}) {
  const current = isCurrentSection(usePathname(), href);

  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={`${className} ${current ? currentClassName : ""}`}>
      {children}
    </Link>
  );
}
