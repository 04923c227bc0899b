import { batches } from "@/db/schema";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { admitBatch } from "@/lib/billing/admission/admit-job";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { getBatch } from "./get-batch";
import { currentMembers } from "@/lib/lists/list-members";
import { getOwnedList } from "@/lib/lists/owned-list";
import { parseDomainList, type DomainList } from "./parse-domain-list";
import { MAX_BATCH_DOMAINS, type CreateBatchBody, type CreatedBatch, type InvalidLine } from "./schemas";

/**
 * POST /api/batches: the list read and checked first (any line that is not a store domain, or
 * more than MAX_BATCH_DOMAINS stores, refuses the whole list with nothing started), then every
 * store admitted at once against the account's plan (lib/billing/admission/admit-job.ts).
 */
export async function createBatch(user: PrincipalUser, body: CreateBatchBody): Promise<CreatedBatch> {
  const list = body.list_id === undefined ? parseDomainList(body) : await savedListDomains(user.id, body.list_id);
  if (list.invalid.length > 0) throw invalidLines(list.invalid);
  if (list.domains.length === 0) {
    const message = body.list_id === undefined ? "The list names no store domain" : "The saved list holds no store yet";
    throw new ApiError("invalid_request", message, { extra: { issues: [] } });
  }
  if (list.overLimit) {
    const message = `A batch analyzes at most ${MAX_BATCH_DOMAINS} stores; this list names ${list.domains.length}`;
    throw new ApiError("invalid_request", message, { extra: { issues: [{ path: "body.domains", message }] } });
  }

  const { batchId } = await admitBatch(
    {
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

  return { batch: await getBatch(user.id, batchId, { page: 1, per_page: 20 }), duplicates: list.duplicates };
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
