import Link from "next/link";
import { getSessionUser } from "@/lib/auth/session-user";

const NAV = [
  { href: "/stores", label: "Stores" },
  { href: "/apps", label: "Apps" },
  { href: "/blog", label: "Blog" },
  { href: "/docs", label: "API" },
  { href: "/pricing", label: "Pricing" },
];

export async function SiteHeader() {
  const user = await getSessionUser();

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="text-lg font-bold tracking-tight text-indigo-700">
          StoreLens
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600 sm:gap-x-4">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="hover:text-slate-900">
              {item.label}
            </Link>
          ))}
          {user ? null : (
            <Link href="/sign-in" className="hover:text-slate-900">
              Sign in
            </Link>
          )}
          <Link href="/dashboard" className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700">
            Dashboard
          </Link>
        </nav>
      </div>
    </header>
  );
}
