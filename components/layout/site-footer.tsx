import Link from "next/link";

const LINKS = [
  { href: "/stores", label: "Store directory" },
  { href: "/apps", label: "App directory" },
  { href: "/blog", label: "Blog" },
  { href: "/docs", label: "API reference" },
  { href: "/docs/changelog", label: "Changelog" },
  { href: "/pricing", label: "Pricing" },
  { href: "/bot", label: "Our crawler" },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:px-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="hover:text-slate-900 hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>StoreLens analyzes public storefront data of Shopify stores. Open source; run it yourself.</p>
      </div>
    </footer>
  );
}
