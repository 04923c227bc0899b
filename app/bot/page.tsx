import type { Metadata } from "next";
import Link from "next/link";
import { scraperUserAgent } from "@/lib/bot-auth/user-agent";
import { formatCount, formatDecimal } from "@/components/ui/format";
import { getEnv } from "@/lib/env";
import { siteUrl } from "@/lib/site-url";

// The pacing and the contact are this server's settings, read when the page is asked for.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "StoreLensBot, our crawler",
  description:
    "What StoreLensBot fetches from Shopify stores, how fast, how it signs its requests (Web Bot Auth), how to opt out with robots.txt and whom to contact.",
  alternates: { canonical: "/bot" },
  robots: { index: true, follow: true },
};

const code = "rounded bg-slate-100 px-1 font-mono text-[0.9em]";
const h2 = "text-lg font-semibold text-slate-900";
const section = "scroll-mt-4 space-y-2 text-sm text-slate-700";

const seconds = (ms: number) => `${formatDecimal(ms / 1000, "en-US", 2)} s`;

/** `mailto:a@b` → a link reading `a@b`; an https: URL reads as itself. */
function ContactLink({ href }: { href: string }) {
  return (
    <a href={href} className="break-all text-indigo-700 underline hover:text-indigo-900">
      {href.replace(/^mailto:/, "")}
    </a>
  );
}

export default function BotPage() {
  const env = getEnv();
  const base = siteUrl();
  const directory = `${base}/.well-known/http-message-signatures-directory`;
  const contact = env.BOT_CONTACT ?? base;

  return (
    <div className="max-w-3xl space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">StoreLensBot, our crawler</h1>
        <p className="mt-2 text-slate-600">
          StoreLens analyses Shopify stores from what they publish to everyone. When someone asks for a report on a store, StoreLensBot
          reads that store&apos;s public storefront data, slowly, identified, and signed. This page says what it fetches, how fast, how to
          recognize it and how to keep it out.
        </p>
      </header>

      <section id="identity" className={section}>
        <h2 className={h2}>How to recognize it</h2>
        <p>
          Every request carries the User-Agent <code className={`${code} break-all`}>{scraperUserAgent(env)}</code>. Its robots.txt token is{" "}
          <code className={code}>StoreLensBot</code>.
        </p>
        <p>
          Requests are signed with HTTP Message Signatures as Web Bot Auth describes (<code className={code}>Signature</code>,{" "}
          <code className={code}>Signature-Input</code> and <code className={code}>Signature-Agent</code> headers, Ed25519). The public keys
          are published at{" "}
          <a href={directory} className="break-all text-indigo-700 underline hover:text-indigo-900">
            {directory}
          </a>
          : a request signed by one of them comes from this StoreLens server, whatever address it comes from.
        </p>
        <p>
          A store owner can also generate Web Bot Auth values for their own store in Shopify&apos;s admin and give them to the operator of
          this server: StoreLensBot then sends those values to that store only, until they expire (at most three months), so the store
          treats it as a bot it allowed.
        </p>
      </section>

      <section id="fetches" className={section}>
        <h2 className={h2}>What it fetches</h2>
        <p>Only public pages and Shopify&apos;s public JSON endpoints, never a cart, a checkout or an account:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            the home page (theme, installed apps, the store&apos;s name and currency) and <code className={code}>/meta.json</code>;
          </li>
          <li>
            <code className={code}>/products.json</code> page by page, and single products at{" "}
            <code className={code}>/products/&lt;handle&gt;.json</code> when the listing misses some;
          </li>
          <li>
            <code className={code}>/collections.json</code>, a collection&apos;s{" "}
            <code className={code}>/collections/&lt;handle&gt;/products.json</code> and <code className={code}>/pages.json</code>;
          </li>
          <li>
            <code className={code}>/sitemap.xml</code> and its product sitemaps, to check that no product was missed;
          </li>
          <li>
            and <code className={code}>/robots.txt</code>, which it obeys.
          </li>
        </ul>
        <p>
          The PageSpeed figures in a report are measured by Google&apos;s PageSpeed Insights API: those requests come from Google, not from
          StoreLensBot. A tracked store is read again about once a day.
        </p>
      </section>

      <section id="pace" className={section}>
        <h2 className={h2}>How fast</h2>
        <p>This server is configured as follows:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            one request at a time per store, at least <strong>{seconds(env.SCRAPER_MIN_INTERVAL_MS)}</strong> apart, however many reports
            are being made on that store;
          </li>
          <li>
            a request gives up after <strong>{seconds(env.SCRAPER_TIMEOUT_MS)}</strong>;
          </li>
          <li>
            a failed or refused request (429, 5xx) is retried at most <strong>{formatCount(env.SCRAPER_MAX_RETRIES)}</strong> times, waiting{" "}
            {seconds(env.SCRAPER_BACKOFF_BASE_MS)} and then twice as long each time, and longer when the store&apos;s{" "}
            <code className={code}>Retry-After</code> says so; a 429 slows every report on that store, not just one;
          </li>
          <li>
            one report makes at most <strong>{formatCount(env.MAX_STORE_REQUESTS_PER_JOB)}</strong> product requests, a store of a few
            hundred products a handful.
          </li>
        </ul>
      </section>

      <section id="opt-out" className={section}>
        <h2 className={h2}>How to opt out</h2>
        <p>
          Add these lines to your store&apos;s <code className={code}>robots.txt</code> (in Shopify, the{" "}
          <code className={code}>robots.txt.liquid</code> theme template); StoreLensBot checks it before it reads a store:
        </p>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-100">
          <code>{"User-agent: StoreLensBot\nDisallow: /"}</code>
        </pre>
        <p>
          A <code className={code}>Disallow</code> of some paths only keeps it out of those.
        </p>
      </section>

      <section id="contact" className={section}>
        <h2 className={h2}>Contact</h2>
        <p>
          StoreLens is open source and run by whoever operates this server. To reach them about the crawler: <ContactLink href={contact} />.
        </p>
        <p>
          For the API and what a report holds, see the{" "}
          <Link href="/docs" className="text-indigo-700 underline hover:text-indigo-900">
            API reference
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
