import { processSlot } from "@/lib/process-slot";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { rateLimited } from "@/lib/limits/rate-limit";

/** A slot frees when one of the address's connections closes, which no clock predicts: a short wait, then try again. */
const OPEN_CONNECTIONS_RETRY_SECONDS = 10;

export type ProgressConnectionLimits = {
  /** Open connections per client address; a browser tab needs one per job it watches. */
  perAddress: number;
  /** Open connections in this process. */
  total: number;
};

/** Gives back a slot; calling it again does nothing, so every way a connection ends may call it. */
export type ReleaseSlot = () => void;

/**
 * The one count of open progress connections, WebSocket and SSE alike: a client refused a
 * socket must not be able to hold as many event streams again, and the reverse.
 */
export class ProgressConnections {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  /** Without `limits`, the settings (PROGRESS_CONNECTIONS_*) are read at each admission. */
  constructor(private readonly limits?: ProgressConnectionLimits) {}

  /** Takes a slot for `address`, or throws 503 (process full) or 429 (this address has its share). */
  acquire(address: string): ReleaseSlot {
    const limits = this.limits ?? {
      perAddress: getEnv().PROGRESS_CONNECTIONS_PER_ADDRESS,
      total: getEnv().PROGRESS_CONNECTIONS_MAX,
    };
    if (this.total >= limits.total) {
      throw new ApiError("unavailable", "Too many open progress connections on this server; poll GET /api/jobs/:id/status");
    }
    if ((this.perAddress.get(address) ?? 0) >= limits.perAddress) {
      throw rateLimited(
        "Too many open progress connections from this address; close one, or poll GET /api/jobs/:id/status",
        "open_connections",
        OPEN_CONNECTIONS_RETRY_SECONDS,
      );
    }
    this.total += 1;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);

    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left === 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    };
  }

  /** Connections open now (per address when given). */
  open(address?: string): number {
    return address === undefined ? this.total : (this.perAddress.get(address) ?? 0);
  }
}

const connections = processSlot<ProgressConnections>("progress-connections");

/** The process-wide count, one for the custom server's WebSocket upgrade and Next's SSE route alike. */
export function progressConnections(): ProgressConnections {
  return connections.getOrCreate(() => new ProgressConnections());
}
