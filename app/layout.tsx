import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { getEnv } from "@/lib/env";
import "./globals.css";

// A function, not a constant: BASE_URL is read when the server runs, not when it is built.
export async function generateMetadata(): Promise<Metadata> {
  return {
    // Open Graph image and canonical URLs resolve against the public origin.
    metadataBase: new URL(getEnv().BASE_URL),
    title: { default: "StoreLens — Shopify store analysis", template: "%s · StoreLens" },
    // A static file (public/): served as it is, with no route of its own to build.
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
    description:
      "Analyze any Shopify store: products, collections, pages, theme, installed apps and PageSpeed, with live progress, webhooks and an API.",
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        {/* The first stop of the keyboard: past the header's links, straight to the page. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-800 focus:shadow focus:ring-2 focus:ring-indigo-600"
        >
          Skip to main content
        </a>
        <SiteHeader />
        {/* min-w-0: a wide table or code block scrolls inside its own box instead of widening the page. */}
        <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
