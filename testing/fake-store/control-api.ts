// HTTP control API under /__fake/ (any Host header), so a fake store started by `npm run
// fake-store` can be driven by other processes (benchmarks, e2e tests, scripts):
//   GET    /__fake/stores                       -> { stores: StoreSummary[] }
//   POST   /__fake/stores            StoreDefinition -> 201 { store } (replaces a store of that domain)
//   GET    /__fake/stores/<domain>              -> { store }
//   DELETE /__fake/stores/<domain>              -> 204
//   GET    /__fake/stores/<domain>/log          -> { log: RequestLogEntry[] }
//   POST   /__fake/stores/<domain>/reset        -> { store } (counters and log cleared)
//   PUT    /__fake/stores/<domain>/faults   FaultConfig    -> { store } (numbering restarts)
//   POST   /__fake/stores/<domain>/advance  AdvanceOptions -> { changes: FakeChange[] }

import type { z } from "zod";
import type { FakeStore } from "./fake-store";
import { json, type Reply } from "./reply";
import { advanceOptionsSchema, faultConfigSchema, storeDefinitionSchema } from "./schemas";
import type { StoreDefinition } from "./types";

export const CONTROL_PREFIX = "/__fake/";

export interface StoreRegistry {
  addStore(def: StoreDefinition): FakeStore;
  removeStore(domain: string): boolean;
  findStore(domain: string): FakeStore | undefined;
  stores(): FakeStore[];
}

function parse<T>(schema: z.ZodType<T>, body: string): T | Reply {
  let value: unknown;
  try {
    value = body === "" ? {} : JSON.parse(body);
  } catch {
    return json({ error: "body is not JSON" }, 400);
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : json({ error: "invalid body", issues: result.error.issues }, 400);
}

const isReply = (value: unknown): value is Reply =>
  typeof value === "object" && value !== null && "status" in value && "body" in value && "headers" in value;

export function handleControl(registry: StoreRegistry, method: string, pathname: string, body: string): Reply {
  const parts = pathname.slice(CONTROL_PREFIX.length).split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "stores") return json({ error: "unknown control endpoint" }, 404);
  try {
    if (parts.length === 1) {
      if (method === "GET") return json({ stores: registry.stores().map((s) => s.summary()) });
      if (method === "POST") {
        const def = parse(storeDefinitionSchema, body);
        return isReply(def) ? def : json({ store: registry.addStore(def).summary() }, 201);
      }
      return json({ error: "method not allowed" }, 405);
    }
    const store = registry.findStore(parts[1] ?? "");
    if (!store) return json({ error: `no store ${parts[1]}` }, 404);
    const action = parts[2];
    if (action === undefined) {
      if (method === "GET") return json({ store: store.summary() });
      if (method === "DELETE") {
        registry.removeStore(store.domain);
        return { status: 204, headers: {}, body: "" };
      }
    } else if (action === "log" && method === "GET") {
      return json({ log: store.log() });
    } else if (action === "reset" && method === "POST") {
      store.resetCounters();
      return json({ store: store.summary() });
    } else if (action === "faults" && (method === "PUT" || method === "POST")) {
      const faults = parse(faultConfigSchema, body);
      if (isReply(faults)) return faults;
      store.setFaults(faults);
      return json({ store: store.summary() });
    } else if (action === "advance" && method === "POST") {
      const options = parse(advanceOptionsSchema, body);
      return isReply(options) ? options : json({ changes: store.advance(options) });
    }
    return json({ error: "unknown control endpoint" }, 404);
  } catch (error) {
    // advance() rejects unknown ids; report it to the caller instead of dropping the socket.
    return json({ error: error instanceof Error ? error.message : String(error) }, 400);
  }
}
