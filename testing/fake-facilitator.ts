/**
 * An x402 facilitator on loopback for tests, versions 1 and 2: POST /verify, POST /settle,
 * GET /supported. Verification is x402's own `verify` (x402/facilitator); a v2 request is read
 * as the v1 request of the same EIP-3009 authorization (the network from CAIP-2, `amount` as
 * `maxAmountRequired`), whose EIP-712 message and domain are the same in both versions. The
 * signature is checked for real by viem's verifyTypedData, so a forged or underpaying proof
 * fails; a v2 refusal is answered with status 400 and the response body, which @x402/core's
 * client raises as an error the server must still read as a refusal. Only the chain is
 * simulated (an in-memory RPC: every payer holds 1,000,000 USDC) and settlement returns a fake
 * transaction hash after refusing a nonce it has already settled, as the token contract would.
 * A settlement's answer can be lost: the connection dropped before the transfer, or the transfer
 * made and the answer never sent (the caller's deadline passes).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, custom, keccak256, toHex, type Chain } from "viem";
import { base, baseSepolia } from "viem/chains";
import { verify } from "x402/facilitator";
import type { PaymentPayload, PaymentRequirements } from "x402/types";

const CHAINS: Record<string, Chain> = { base, "base-sepolia": baseSepolia };
const V1_NETWORK_OF_CAIP2: Record<string, string> = { [`eip155:${base.id}`]: "base", [`eip155:${baseSepolia.id}`]: "base-sepolia" };

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

export type FacilitatorCall = {
  path: "/verify" | "/settle";
  x402Version: 1 | 2;
  /** The EIP-3009 nonce of the authorization asked about. */
  nonce: string;
  paymentPayload: unknown;
  paymentRequirements: unknown;
};

type V2Requirements = {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra?: Record<string, unknown>;
};
type V2Payload = { x402Version: 2; resource?: { url: string }; accepted: V2Requirements; payload: PaymentPayload["payload"] };

/** The v1 request of a v2 one: the same authorization, named as v1 names it. */
function asV1(
  payload: V2Payload,
  requirements: V2Requirements,
): { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements } {
  const network = (V1_NETWORK_OF_CAIP2[requirements.network] ?? requirements.network) as PaymentRequirements["network"];

  return {
    paymentPayload: { x402Version: 1, scheme: payload.accepted.scheme as "exact", network, payload: payload.payload },
    paymentRequirements: {
      scheme: requirements.scheme as "exact",
      network,
      maxAmountRequired: requirements.amount,
      resource: payload.resource?.url ?? "http://127.0.0.1/",
      description: "",
      mimeType: "application/json",
      payTo: requirements.payTo,
      maxTimeoutSeconds: requirements.maxTimeoutSeconds,
      asset: requirements.asset,
      extra: requirements.extra,
    },
  };
}

export type FakeFacilitator = {
  url: string;
  calls: FacilitatorCall[];
  /** Settled transfers: nonce → transaction hash. */
  settled: Map<string, string>;
  /** Make /settle fail (as when the chain rejects the transfer). */
  failSettlement(reason: string | null): void;
  /**
   * Lose /settle's answers: `dropped` closes the connection before settling, `unanswered` settles
   * and never answers (until the mode is set again). null answers normally.
   */
  loseSettlementAnswers(mode: "dropped" | "unanswered" | null): void;
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
  let answerLoss: "dropped" | "unanswered" | null = null;
  const unanswered: ServerResponse[] = [];

  const server = createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url === "/supported") {
        return send(res, 200, {
          kinds: [
            ...Object.keys(CHAINS).map((network) => ({ x402Version: 1, scheme: "exact", network })),
            ...Object.keys(V1_NETWORK_OF_CAIP2).map((network) => ({ x402Version: 2, scheme: "exact", network })),
          ],
          extensions: [],
          signers: {},
        });
      }
      if (req.method !== "POST" || (req.url !== "/verify" && req.url !== "/settle")) return send(res, 404, { error: "not found" });

      const body = (await readJson(req)) as { paymentPayload: { x402Version?: number }; paymentRequirements: unknown };
      const x402Version = body.paymentPayload.x402Version === 2 ? 2 : 1;
      const { paymentPayload, paymentRequirements } =
        x402Version === 2
          ? asV1(body.paymentPayload as V2Payload, body.paymentRequirements as V2Requirements)
          : (body as { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements });
      // The network each version names in its answers: v1's name, or v2's CAIP-2 id.
      const answeredNetwork = x402Version === 2 ? (body.paymentRequirements as V2Requirements).network : paymentPayload.network;
      const nonce = (paymentPayload.payload as { authorization?: { nonce?: string } }).authorization?.nonce ?? "";
      calls.push({
        path: req.url,
        x402Version,
        nonce: nonce.toLowerCase(),
        paymentPayload: body.paymentPayload,
        paymentRequirements: body.paymentRequirements,
      });
      const chain = CHAINS[paymentRequirements.network];
      if (!chain) return send(res, 200, { isValid: false, invalidReason: "invalid_network" });

      const result = await verify(chainClient(chain), paymentPayload, paymentRequirements);
      const reused = settled.has(nonce);
      const refused = x402Version === 2 ? 400 : 200;
      if (req.url === "/verify") {
        const verdict =
          result.isValid && reused ? { isValid: false, invalidReason: "invalid_transaction_state", payer: result.payer } : result;

        return send(res, verdict.isValid ? 200 : refused, verdict);
      }
      const failure = !result.isValid ? result.invalidReason : reused ? "invalid_transaction_state" : settleFailure;
      if (failure) {
        return send(res, refused, { success: false, errorReason: failure, transaction: "", network: answeredNetwork, payer: result.payer });
      }
      if (answerLoss === "dropped") return void req.socket.destroy();
      const transaction = keccak256(nonce as `0x${string}`);
      settled.set(nonce, transaction);
      if (answerLoss === "unanswered") return void unanswered.push(res);

      return send(res, 200, { success: true, transaction, network: answeredNetwork, payer: result.payer });
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
    loseSettlementAnswers(mode) {
      answerLoss = mode;
      for (const res of unanswered.splice(0)) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
