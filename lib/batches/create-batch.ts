import { batches } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { admitBatch } from "@/lib/billing/admission/admit-job";
import type { Settled } from "@/lib/billing/x402/settlement";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { getBatch } from "./get-batch";
import { currentMembers } from "@/lib/lists/list-members";
import { getOwnedList } from "@/lib/lists/owned-list";
import { parseDomainList, type DomainList } from "./parse-domain-list";
import { MAX_BATCH_DOMAINS, type CreateBatchBody, type CreatedBatch, type InvalidLine } from "./schemas";

/** The first page of a new batch's jobs, as its 201 shows them. */
export const FIRST_PAGE = { page: 1, per_page: 20 };

/** A batch created, and the x402 settlement that paid for it (null when an account's plan did). */
export type SubmittedBatch = { created: CreatedBatch; settlement: Settled | null };

/**
 * POST /api/batches for whoever is calling: the list read and checked first (any line that is
 * not a store domain, or more than MAX_BATCH_DOMAINS stores, refuses the whole list with nothing
 * priced or started); then an account's plan pays for every store at once, or, without an
 * account, one x402 payment of the price of a job times the list's stores does (lib/batches/pay-batch.ts);
 * a caller with neither gets that price's 402 (401 when x402 is off).
 */
export async function submitBatch(body: CreateBatchBody, principal: Principal): Promise<SubmittedBatch> {
  if (principal.kind !== "anonymous" && principal.kind !== "x402") {
    return { created: await createBatch(principal.user, body), settlement: null };
  }
  // Saved lists are an account's: without one there is nothing to read, nor to price.
  if (body.list_id !== undefined) {
    throw new ApiError("unauthorized", "A saved list (list_id) is your account's: authenticate with an API key, or send domains or csv");
  }
  const list = checkedList(parseDomainList(body), body);
  // Loaded here: the x402 packages are tens of MB a server without paying callers never needs.
  const { payBatchWithX402, batchPaymentRequired } = await import("./pay-batch");
  if (principal.kind === "anonymous") throw batchPaymentRequired(list.domains.length);
  const { bought: batchId, settlement } = await payBatchWithX402(principal.payment, list.domains, body.webhook_url);
  logger.info("batch created", { batchId, payer: "x402", jobs: list.domains.length });

  return { created: { batch: await getBatch(null, batchId, FIRST_PAGE), duplicates: list.duplicates }, settlement };
}

/** POST /api/batches for an account: every store admitted at once against its plan (lib/billing/admission/admit-job.ts). */
export async function createBatch(user: PrincipalUser, body: CreateBatchBody): Promise<CreatedBatch> {
  const list = checkedList(body.list_id === undefined ? parseDomainList(body) : await savedListDomains(user.id, body.list_id), body);
  const { batchId } = await admitBatch(
    {
      payer: "account",
      user,
      openBatch: async (tx) => {
        const [row] = await tx
          .insert(batches)
          .values({ userId: user.id, webhookUrl: body.webhook_url, total: list.domains.length })
          .returning({ id: batches.id });

        return row!.id;
      },
    },
    list.domains.map((domain) => ({ domain })),
  );
  logger.info("batch created", { batchId, userId: user.id, jobs: list.domains.length });

  return { batch: await getBatch(user.id, batchId, FIRST_PAGE), duplicates: list.duplicates };
}

/** The list, if it can be started whole: else a 400 naming why, and nothing is priced or started. */
function checkedList(list: DomainList, body: CreateBatchBody): DomainList {
  if (list.invalid.length > 0) throw invalidLines(list.invalid);
  if (list.domains.length === 0) {
    const message = body.list_id === undefined ? "The list names no store domain" : "The saved list holds no store yet";
    throw new ApiError("invalid_request", message, { extra: { issues: [] } });
  }
  if (list.overLimit) {
    const message = `A batch analyzes at most ${MAX_BATCH_DOMAINS} stores; this list names ${list.domains.length}`;
    throw new ApiError("invalid_request", message, { extra: { issues: [{ path: "body.domains", message }] } });
  }

  return list;
}

/**
 * A saved list's stores now (a segment evaluated as the directory answers it), read as a pasted
 * list of their domains would be: one store-domain rule, one limit. Another user's list is a 404.
 */
async function savedListDomains(userId: string, listId: string): Promise<DomainList> {
  const saved = await getOwnedList(userId, listId);
  const { stores } = await currentMembers(saved, MAX_BATCH_DOMAINS + 1);

  return parseDomainList({ domains: stores.map((store) => store.domain) });
}

function invalidLines(invalid: InvalidLine[]): ApiError {
  const first = invalid[0]!;
  const message =
    `${invalid.length} line${invalid.length === 1 ? " is" : "s are"} not a store domain (line ${first.line}: ${first.error}); ` +
    "nothing was started: fix or remove them and send the list again";

  return new ApiError("invalid_request", message, {
    extra: {
      issues: invalid.map((line) => ({ path: `body.line.${line.line}`, message: line.error })),
      invalid_lines: invalid,
    },
  });
}
