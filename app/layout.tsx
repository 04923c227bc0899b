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
    description:
      "Analyze any Shopify store: products, collections, pages, theme, installed apps and PageSpeed, with live progress, webhooks and an API.",
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        <SiteHeader />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
        <SiteFooter />
      </body>
    </html>
  );
}
