import Link from "next/link";

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Analyze any Shopify store</h1>
        <p className="mt-3 max-w-2xl text-slate-600">
          Submit a store domain and StoreLens reads its public catalogue — products, collections, pages,
          theme, installed apps and PageSpeed — in a durable background workflow, with live progress.
        </p>
        <form action="/dashboard" className="mt-6 flex max-w-xl flex-col gap-3 sm:flex-row" aria-label="Analyze a store">
          <label htmlFor="domain" className="sr-only">
            Store domain
          </label>
          <input
            id="domain"
            name="domain"
            placeholder="allbirds.com"
            className="flex-1 rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none"
          />
          <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">
            Analyze
          </button>
        </form>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        <Feature title="Durable pipeline" text="Per-step retries with backoff; a crashed worker resumes from its last completed step." />
        <Feature title="Live and announced" text="Progress over WebSocket, a job.completed webhook and a completion e-mail." />
        <Feature title="API first" text="API keys, an OpenAPI document, and pay-per-job without an account." />
      </section>
      <p className="text-sm text-slate-500">
        Browse the <Link href="/stores" className="text-indigo-700 underline">store directory</Link> or read the{" "}
        <Link href="/docs" className="text-indigo-700 underline">API reference</Link>.
      </p>
    </div>
  );
}

function Feature({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
