/**
 * The official x402 v2 client as an agent holding only a wallet runs it: @x402/fetch's
 * x402Client with the exact EVM scheme, signing with a local key, optionally giving every
 * payment a `payment-identifier` (when the server's PaymentRequired declares the extension).
 */
import type { ClientExtension } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { appendPaymentIdentifierToExtensions, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { x402Client } from "@x402/fetch";
import type { PrivateKeyAccount } from "viem/accounts";

/** A client extension giving every payment the identifier `id`, when the server declares the extension. */
const withPaymentId = (id: string): ClientExtension => ({
  key: PAYMENT_IDENTIFIER,
  enrichPaymentPayload: async (payload) => ({
    ...payload,
    extensions: appendPaymentIdentifierToExtensions(structuredClone(payload.extensions ?? {}), id),
  }),
});

/** The official v2 client, signing with a local key, optionally under a payment identifier. */
export function payingClient(account: PrivateKeyAccount, id?: string) {
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));

  return id ? client.registerExtension(withPaymentId(id)) : client;
}
