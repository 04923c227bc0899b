import Link from "next/link";
import { findSessionUser } from "@/lib/auth/session-user";
import { NavLink } from "./nav-link";
import { SiteMenu } from "./site-menu";

const NAV = [
  { href: "/stores", label: "Stores" },
  { href: "/apps", label: "Apps" },
  { href: "/blog", label: "Blog" },
  { href: "/docs", label: "API" },
  { href: "/pricing", label: "Pricing" },
];

// A phone lists the links one a line, each a comfortable tap; from sm up they sit in a row.
const link = "rounded px-1 py-2 text-slate-700 hover:text-slate-900 sm:py-0.5";
const currentLink = "font-semibold text-indigo-800 underline decoration-2 underline-offset-8";

export async function SiteHeader() {
  const user = await findSessionUser();

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="text-lg font-bold tracking-tight text-indigo-700">
          StoreLens
        </Link>
        <SiteMenu>
          {NAV.map((item) => (
            <NavLink key={item.href} href={item.href} className={link} currentClassName={currentLink}>
              {item.label}
            </NavLink>
          ))}
          {user ? null : (
            <NavLink href="/sign-in" className={link} currentClassName={currentLink}>
              Sign in
            </NavLink>
          )}
          <NavLink
            href="/dashboard"
            className="self-start rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 sm:self-auto"
            currentClassName="bg-indigo-800 ring-2 ring-indigo-300"
          >
            Dashboard
          </NavLink>
        </SiteMenu>
      </div>
    </header>
  );
}
