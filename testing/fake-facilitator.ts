/**
 * An x402 v1 facilitator on loopback for tests: POST /verify, POST /settle, GET /supported.
 * Verification is x402's own `verify` (x402/facilitator): the EIP-3009 signature is checked for
 * real by viem's verifyTypedData, so a forged or underpaying proof fails. Only the chain is
 * simulated (an in-memory RPC: every payer holds 1,000,000 USDC) and settlement returns a fake
 * transaction hash after refusing a nonce it has already settled, as the token contract would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, custom, keccak256, toHex, type Chain } from "viem";
import { base, baseSepolia } from "viem/chains";
import { verify } from "x402/facilitator";
import type { PaymentPayload, PaymentRequirements } from "x402/types";

const CHAINS: Record<string, Chain> = { base, "base-sepolia": baseSepolia };

function chainClient(chain: Chain) {
  return createPublicClient({
    chain,
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          if (method === "eth_chainId") return toHex(chain.id);
          if (method === "eth_getCode") return "0x";
          if (method === "eth_call") {
            const call = (params as [{ data?: string; input?: string }])[0];
            const data = call.data ?? call.input ?? "";
            // balanceOf(address): everyone can afford a job.
            if (data.startsWith("0x70a08231")) return `0x${(10n ** 12n).toString(16).padStart(64, "0")}`;
            // The ERC-6492 deployless check fails, so viem falls back to plain ecrecover.
            throw new Error("fake chain: eth_call not supported");
          }
          throw new Error(`fake chain: ${method} not supported`);
        },
      },
      { retryCount: 0 },
    ),
  });
}

export type FacilitatorCall = { path: "/verify" | "/settle"; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements };

export type FakeFacilitator = {
  url: string;
  calls: FacilitatorCall[];
  /** Settled transfers: nonce → transaction hash. */
  settled: Map<string, string>;
  /** Make /settle fail (as when the chain rejects the transfer). */
  failSettlement(reason: string | null): void;
  close(): Promise<void>;
};

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      try {
        resolve(JSON.parse(body));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeFacilitator(): Promise<FakeFacilitator> {
  const calls: FacilitatorCall[] = [];
  const settled = new Map<string, string>();
  let settleFailure: string | null = null;

  const server = createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url === "/supported") {
        return send(res, 200, { kinds: Object.keys(CHAINS).map((network) => ({ x402Version: 1, scheme: "exact", network })) });
      }
      if (req.method !== "POST" || (req.url !== "/verify" && req.url !== "/settle")) return send(res, 404, { error: "not found" });

      const { paymentPayload, paymentRequirements } = (await readJson(req)) as Omit<FacilitatorCall, "path">;
      calls.push({ path: req.url, paymentPayload, paymentRequirements });
      const chain = CHAINS[paymentRequirements.network];
      if (!chain) return send(res, 200, { isValid: false, invalidReason: "invalid_network" });

      const result = await verify(chainClient(chain), paymentPayload, paymentRequirements);
      const nonce = (paymentPayload.payload as { authorization: { nonce: string } }).authorization.nonce;
      const reused = settled.has(nonce);
      if (req.url === "/verify") {
        return send(res, 200, result.isValid && reused ? { isValid: false, invalidReason: "invalid_transaction_state", payer: result.payer } : result);
      }
      const failure = !result.isValid ? result.invalidReason : reused ? "invalid_transaction_state" : settleFailure;
      if (failure) {
        return send(res, 200, { success: false, errorReason: failure, transaction: "", network: paymentPayload.network, payer: result.payer });
      }
      const transaction = keccak256(nonce as `0x${string}`);
      settled.set(nonce, transaction);

      return send(res, 200, { success: true, transaction, network: paymentPayload.network, payer: result.payer });
    } catch (error) {
      send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    settled,
    failSettlement(reason) {
      settleFailure = reason;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
