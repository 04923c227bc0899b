import { lookup as dnsLookup } from "node:dns/promises";
import { checkAddress, isIpLiteral } from "./ip-address";
import { findResolveRule, type ResolveRule } from "./resolve-rules";
import type { LookupAddress, NetError } from "./types";

/** Where one hop actually connects, and what it claims to be talking to. */
export type ConnectTarget = {
  protocol: "http:" | "https:";
  address: string;
  port: number;
  /** Original host[:port], sent as the Host header. */
  hostHeader: string;
  /** TLS server name (SNI and certificate check); undefined for IP literals. */
  servername: string | undefined;
};

export type TargetSettings = {
  allowPrivateNetwork: boolean;
  resolveRules: readonly ResolveRule[];
  lookup: (hostname: string) => Promise<LookupAddress[]>;
};

export type TargetResult = { ok: true; target: ConnectTarget } | { ok: false; error: NetError };

/**
 * Decides the address for one hop. Host names are resolved here, every returned
 * address is vetted, and the caller connects to the vetted address itself, so a
 * second (rebinding) DNS answer can never be used.
 */
export async function resolveTarget(url: URL, settings: TargetSettings): Promise<TargetResult> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const servername = isIpLiteral(hostname) ? undefined : hostname.replace(/\.$/, "");
  const rule = findResolveRule(hostname, settings.resolveRules);
  if (rule) {
    // Configured by the operator (tests, demos): trusted like curl --resolve, not vetted.
    return {
      ok: true,
      target: {
        protocol: rule.origin.protocol as ConnectTarget["protocol"],
        address: rule.origin.hostname.replace(/^\[|\]$/g, ""),
        port: portOf(rule.origin),
        hostHeader: url.host,
        servername,
      },
    };
  }

  const addresses = servername === undefined ? [{ address: hostname, family: 0 }] : await settings.lookup(hostname);
  const first = addresses[0];
  if (!first) {
    return { ok: false, error: { kind: "dns", message: `no address for ${hostname}`, url: url.href } };
  }
  if (!settings.allowPrivateNetwork) {
    for (const { address } of addresses) {
      const verdict = checkAddress(address);
      if (!verdict.allowed) {
        const message = `${hostname} resolves to ${address} (${verdict.reason}), which is not allowed`;

        return { ok: false, error: { kind: "blocked_address", message, url: url.href } };
      }
    }
  }

  return {
    ok: true,
    target: {
      protocol: url.protocol as ConnectTarget["protocol"],
      address: first.address,
      port: portOf(url),
      hostHeader: url.host,
      servername,
    },
  };
}

export async function lookupAllAddresses(hostname: string): Promise<LookupAddress[]> {
  return dnsLookup(hostname, { all: true });
}

function portOf(url: URL): number {
  if (url.port) {
    return Number(url.port);
  }

  return url.protocol === "https:" ? 443 : 80;
}
