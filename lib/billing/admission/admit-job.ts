import { getDb, type Transaction } from "@/db";
import type { Job } from "@/db/schema";
import { assertEmailVerifiedForJobs } from "@/lib/auth/email-verification";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { assertStorageAvailable } from "@/lib/health/storage-space";
import { insertJob, startJob, startJobs, type NewJob } from "@/lib/jobs/create-job";
import { SAMPLE_PAYMENT } from "@/lib/jobs/sample-job";
import { claimStoreForDomain } from "@/lib/store-directory/claim-store";
import { chargeAccount, chargeAccountForMany } from "./charge-account";
import { batchPayerKey, chargeFreeRetry, payerKey } from "./free-retry";
import type { JobCharge } from "./job-charge";
import { chargeCheckout, chargeMonitor, chargeX402Batch, chargeX402Payment } from "./job-charges";

/**
 * What the caller asks to have analyzed. `domain` is normalized where it came in, once: POST
 * /api/jobs's body schema (lib/jobs/create-job-request.ts), POST /api/shops and the checkout
 * (`parseDomainOrThrow`), or a stored job or store row that was.
 */
export type JobRequest = { domain: string; webhookUrl?: string; notifyEmail?: string };

/**
 * Who asks for a job, and so who pays for it. Every path that starts a job names one, and this
 * module is the only caller of insertJob (lint enforces it), so no path can skip the charge:
 *
 * - `account`: POST /api/jobs with an API key, bearer token or session (the dashboard's form
 *   posts there too), and tracking a store that has no fresh report (POST /api/shops). The
 *   account's plan pays: Pro (`subscription`), else the Free monthly quota (`plan`), else a
 *   single_report credit (`credit`), else 402 plan_limit_reached. The account must have
 *   confirmed its e-mail when REQUIRE_EMAIL_VERIFICATION is on (403 email_unverified).
 *   `alongside` writes the caller's own rows (a tracked store) for the job's store in the job's
 *   transaction, before the charge: refused, it charges nothing; charged, the rows exist.
 * - `x402`: POST /api/jobs without an account, paid by a settled x402 payment, linked to
 *   exactly one job (or, through admitBatch, to one batch). The payer's jobs share one
 *   concurrency slot set.
 * - `checkout`: a Stripe single_report bought for a store, paid by its checkout, one job ever.
 * - `retry`: the one free retry a failed x402 job earned (docs/decisions.md §8.6): the same
 *   wallet, the same domain, within FREE_RETRY_DAYS. Recorded as `retry` with the failed job as its
 *   reference and `retry_of`; the failed job's row is locked and may have one retry, ever.
 * - `admin`: an administrator's retry. Free, recorded as `admin` with the admin's id as its
 *   reference; the new job belongs to the original's owner and never counts against their quota.
 * - `monitor`: the daily check of a tracked store. The system pays (`monitor`), and only while
 *   someone still tracks the store (StoreNotTracked otherwise).
 *
 * There is no per-minute count: the contract gives POST /api/jobs no hard per-user rate limit.
 * An account is held by its plan and by the soft per-user concurrency cap (excess jobs wait
 * `queued`); callers without an account pay per job, and every address is under the IP cooldown.
 */
export type Admission =
  | { payer: "account"; user: PrincipalUser; purpose: "job" | "tracking"; alongside?: (tx: Transaction, storeId: string) => Promise<void> }
  | { payer: "x402"; paymentId: string; paymentRef: string; wallet: string }
  | { payer: "checkout"; paymentId: string; checkoutSessionId: string; userId: string | null }
  | { payer: "retry"; retryOf: string; concurrencyKey: string; ownerId: string | null; waivedPaymentId?: string }
  | { payer: "admin"; adminId: string; retryOf: string; ownerId: string | null }
  | { payer: "monitor" };

type Terms = Pick<NewJob, "userId" | "paymentMethod" | "paymentRef" | "concurrencyKey" | "retryOf"> & {
  /** What pays, settled in the job's transaction (overrides paymentMethod/paymentRef). */
  charge?: JobCharge;
  /** The caller's own writes for the job's store, in the job's transaction, before the charge. */
  alongside?: (tx: Transaction, storeId: string) => Promise<void>;
};

/** x402 settles (or waives) its payment before the job is admitted (lib/billing/x402/pay-with-x402.ts). */
const paidBeforeAdmission = (admission: Admission) => admission.payer === "x402" || admission.payer === "retry";

function termsOf(admission: Admission): Terms {
  switch (admission.payer) {
    case "account": {
      assertEmailVerifiedForJobs(admission.user);
      return {
        userId: admission.user.id,
        paymentMethod: "plan",
        charge: chargeAccount(admission.user.id, admission.purpose),
        alongside: admission.alongside,
      };
    }
    case "x402":
      return {
        userId: null,
        paymentMethod: "x402",
        concurrencyKey: payerKey(admission.wallet),
        charge: chargeX402Payment(admission.paymentId, admission.paymentRef),
      };
    case "checkout":
      return {
        userId: admission.userId,
        paymentMethod: "single_report",
        concurrencyKey: admission.userId ? undefined : `checkout:${admission.paymentId}`,
        charge: chargeCheckout(admission.paymentId, admission.checkoutSessionId),
      };
    case "retry":
      return {
        userId: admission.ownerId,
        paymentMethod: "retry",
        retryOf: admission.retryOf,
        concurrencyKey: admission.concurrencyKey,
        charge: chargeFreeRetry(admission.retryOf, admission.waivedPaymentId),
      };
    case "admin":
      return { userId: admission.ownerId, paymentMethod: "admin", paymentRef: admission.adminId, retryOf: admission.retryOf };
    case "monitor":
      return { userId: null, paymentMethod: "monitor", concurrencyKey: "monitor", charge: chargeMonitor() };
  }
}

/**
 * The one way a job is started: the admission's terms decide who owns it and what pays. The
 * store row, the charge and the job commit together or not at all; billing holds the
 * transaction, so lib/jobs only writes the row it is given and never calls back into billing.
 */
export async function admitJob(admission: Admission, request: JobRequest): Promise<Job> {
  // A disk nearly full (503 storage_low), before anything is charged or written. An x402 payment
  // (or the free retry it proves) was taken before this admission, and its walk checked first.
  if (!paidBeforeAdmission(admission)) await assertStorageAvailable();
  const { domain } = request;
  const { charge, alongside, ...terms } = termsOf(admission);
  const job = await getDb().transaction(async (tx) => {
    // www.example.com and example.com are one store; a slug is never shared by two domains. A
    // new store row exists only if this transaction commits: a refused job leaves none (§6.2).
    const store = await claimStoreForDomain(tx, domain);
    await alongside?.(tx, store.id);
    const paid = charge ? await charge.take(tx) : { paymentMethod: terms.paymentMethod, paymentRef: terms.paymentRef };
    const created = await insertJob(tx, { ...request, ...terms, ...paid, domain, store });
    await charge?.link?.(tx, created);

    return created;
  });

  return startJob(job);
}

/**
 * The bundled sample report's job (lib/sample-report): nobody's (no owner, nothing charged, paid
 * by `sample`), and never dispatched: the seed builds its report from a bundled capture itself,
 * so the workflow engine never reads a store for it.
 */
export async function admitSampleJob(domain: string): Promise<Job> {
  return getDb().transaction(async (tx) => {
    const store = await claimStoreForDomain(tx, domain);

    return insertJob(tx, { domain, store, userId: null, paymentMethod: SAMPLE_PAYMENT, concurrencyKey: SAMPLE_PAYMENT });
  });
}

/**
 * Who pays for a batch, and the batch's own row, written first in the admission's transaction:
 * the account's plan, or one settled x402 payment for every store (lib/billing/x402/pay-with-x402.ts).
 */
export type BatchAdmission = ({ payer: "account"; user: PrincipalUser } | Extract<Admission, { payer: "x402" }>) & {
  /** Writes the batch's row in the admission's transaction and answers its id (lib/batches). */
  openBatch: (tx: Transaction) => Promise<string>;
};

type BatchTerms = Pick<NewJob, "userId" | "paymentMethod" | "paymentRef" | "concurrencyKey">;

/**
 * What pays for each of the batch's jobs, in its transaction: the account's plan (a plan short by
 * one job throws 402 and refuses the whole batch), or the x402 payment, linked to the batch once
 * ever (a second admission of the same payment finds it linked: payment_already_used). Its jobs
 * are the payer's `x402` jobs (no owner), so a failed one earns its wallet a free retry of its
 * store (docs/decisions.md §8.6).
 */
async function chargeBatch(tx: Transaction, admission: BatchAdmission, batchId: string, jobs: number): Promise<BatchTerms[]> {
  if (admission.payer === "account") {
    const { id } = admission.user;
    const methods = await chargeAccountForMany(tx, id, jobs);

    return methods.map((paymentMethod) => ({ userId: id, paymentMethod, concurrencyKey: `batch:${id}` }));
  }
  await chargeX402Batch(tx, admission.paymentId, batchId);
  const terms = { userId: null, paymentMethod: "x402", paymentRef: admission.paymentRef, concurrencyKey: batchPayerKey(admission.wallet) };

  return Array.from({ length: jobs }, () => terms);
}

/**
 * A batch of jobs admitted at once: every job is charged and written in one transaction, or none
 * is (no store row, job or batch is left). An account's plan pays for each job; an x402 payment
 * for all of them, settled once before this admission. The jobs share the concurrency key
 * `batch:<user>` (`batch:x402:<wallet>`): beside the payer's own single jobs, not ahead of or
 * behind them, and at most JOB_CONCURRENCY_PER_USER of their steps run at once, so a long batch
 * cannot hold the workers other callers' jobs need (docs/batches.md › Fair scheduling).
 */
export async function admitBatch(admission: BatchAdmission, requests: JobRequest[]): Promise<{ batchId: string; jobs: Job[] }> {
  // An x402 payment was taken before this admission, and its walk checked the disk first.
  if (admission.payer === "account") {
    await assertStorageAvailable();
    assertEmailVerifiedForJobs(admission.user);
  }
  const admitted = await getDb().transaction(async (tx) => {
    const batchId = await admission.openBatch(tx);
    const charged = await chargeBatch(tx, admission, batchId, requests.length);
    const created: Job[] = [];
    for (const [i, request] of requests.entries()) {
      const store = await claimStoreForDomain(tx, request.domain);
      created.push(await insertJob(tx, { ...request, ...charged[i]!, batchId, batchPosition: i, store }));
    }

    return { batchId, jobs: created };
  });
  await startJobs(admitted.jobs);

  return admitted;
}
