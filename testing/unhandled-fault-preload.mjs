/**
 * Test-only: preloaded into a production server (`NODE_OPTIONS="--import ./testing/unhandled-fault-preload.mjs"
 * node scripts/start.mjs`, e2e/unhandled-errors.spec.ts). Each SIGUSR2 the test sends makes the
 * next fault named in UNHANDLED_FAULTS (comma-separated) happen in the running server, as code
 * that forgot a catch would: the server's own modules hold no way to cause one. Plain JavaScript,
 * so the server under test runs without the TypeScript loader, as in production.
 */

// The secrets the faults carry, chosen by the test, which then looks for them in the server's output.
const { FAULT_TOKEN = "", FAULT_API_KEY = "" } = process.env;

/** The query postgres.js runs for the array types on each new connection (db/driver-defects.ts). */
const TYPE_FETCH = "select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem";

const FAULTS = {
  // The PostgreSQL driver's known unhandled rejection: the server survives it.
  "driver-defect": () => void Promise.reject(Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { query: TYPE_FETCH })),
  rejection: () => void Promise.reject(new Error(`upstream refused Bearer ${FAULT_TOKEN} sent with key ${FAULT_API_KEY}`)),
  exception: () =>
    setImmediate(() => {
      throw new Error(`callback failed for Bearer ${FAULT_TOKEN} (key ${FAULT_API_KEY})`);
    }),
};

const queue = (process.env.UNHANDLED_FAULTS ?? "").split(",").filter(Boolean);
for (const name of queue) if (!(name in FAULTS)) throw new Error(`unknown fault ${name}`);

process.on("SIGUSR2", () => {
  const next = queue.shift();
  if (next) FAULTS[next]();
});
