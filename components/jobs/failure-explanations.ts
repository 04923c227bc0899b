import { CHEAP_RETURNS_PER_MONTH, FREE_RETRY_DAYS, type ChargeReturn, type ChargeReturnReason } from "@/lib/jobs/charge-return";
import { isJobFailureCode, type JobFailureCode } from "@/lib/jobs/failure-codes";
import { formatDate } from "@/components/ui/format";

export type FailureExplanation = {
  /** What happened, in plain words. */
  what: string;
  /** What the person can do about it. */
  next: string;
  /** Whether submitting the same store again can help (a typo or a store that must change first cannot). */
  retry: boolean;
};

type Explain = (domain: string) => FailureExplanation;

const OUR_SIDE: Explain = () => ({
  what: "The analysis stopped because of a problem on our side, not the store's.",
  next: "Try again in a few minutes. If it fails again, write to support with this page's address.",
  retry: true,
});

/** One sentence and one next step per failure code; the codes themselves stay in the API. */
const EXPLANATIONS: Record<JobFailureCode, Explain> = {
  store_password_protected: (domain) => ({
    what: `${domain} is password-protected, so its products cannot be read from outside.`,
    next: "If it is your store, remove the storefront password (Online Store → Preferences) and try again. Otherwise, try again once the store opens.",
    retry: false,
  }),
  store_not_found: (domain) => ({
    what: `There is no website at ${domain}: the address does not exist.`,
    next: "Check the spelling, for example mystore.com or mystore.myshopify.com, and analyze the corrected address.",
    retry: false,
  }),
  not_shopify: (domain) => ({
    what: `${domain} is a website, but not a Shopify store.`,
    next: "StoreLens reads Shopify stores only. Check that this is the store's own address and not, say, a blog or a marketplace page.",
    retry: false,
  }),
  store_refused: (domain) => ({
    what: `${domain} points to an address we do not connect to (a private network or a malformed address).`,
    next: "Enter the store's public web address.",
    retry: false,
  }),
  store_blocked: (domain) => ({
    what: `${domain} blocked our requests.`,
    next: "Some stores block visitors for a while after many requests. Try again in an hour; if it keeps happening, this store refuses analysis tools.",
    retry: true,
  }),
  robots_disallowed: (domain) => ({
    what: `${domain}'s robots.txt asks crawlers like ours (StoreLensBot) not to read its product listing, so we did not analyze it.`,
    next: "We follow robots.txt. If this is your store, allow StoreLensBot to read /products.json and /meta.json in robots.txt, then analyze it again.",
    retry: false,
  }),
  redirected_off_store: (domain) => ({
    what: `${domain} sends our requests on to another website, so what we would read there is not ${domain}'s store.`,
    next: "If the other site is the store you meant, analyze its address instead (the error names it).",
    retry: false,
  }),
  store_rate_limited: (domain) => ({
    what: `${domain} kept asking us to slow down, so we stopped rather than overload it.`,
    next: "Try again in an hour or so.",
    retry: true,
  }),
  store_unavailable: (domain) => ({
    what: `${domain} did not answer reliably: it was down or too slow.`,
    next: "Check that the store opens in your browser, then try again later.",
    retry: true,
  }),
  store_error: (domain) => ({
    what: `${domain} answered in a way we could not read.`,
    next: "Try again later. If it happens again, write to support with this page's address.",
    retry: true,
  }),
  store_too_large: (domain) => ({
    what: `${domain} has more products than one analysis can read.`,
    next: "Write to support with this page's address if you need this store analyzed.",
    retry: false,
  }),
  storage_budget_exceeded: (domain) => ({
    what: `${domain} serves more product data than one analysis may store.`,
    next: "Write to support with this page's address if you need this store analyzed.",
    retry: false,
  }),
  storage_low: () => ({
    what: "Our servers ran short of storage space and the analysis could not continue.",
    next: "That was on our side. Try again later.",
    retry: true,
  }),
  worker_crashed: (domain) => ({
    what: `Analyzing ${domain} stopped our analysis process three times (something the store serves, most likely one of its pages, crashed or froze it), so we gave up rather than try forever.`,
    next: "Write to support with this page's address if you need this store analyzed.",
    retry: false,
  }),
  analysis_failed: OUR_SIDE,
};

/** A failed job's code in plain words with its next step; an unknown code reads as our own failure. */
export function explainFailure(code: string | null | undefined, domain: string): FailureExplanation {
  return isJobFailureCode(code) ? EXPLANATIONS[code](domain) : OUR_SIDE(domain);
}

/** What the failure gave back to whoever paid, or why nothing came back, as the job page says it. */
export type ChargeReturnNote = { returned: boolean; text: string };

type FailedJobCharge = {
  code: string | null | undefined;
  chargeReturned: ChargeReturn | null | undefined;
  reason: ChargeReturnReason | null | undefined;
  completedAt: string | null | undefined;
};

/** The charge of a failed job in words: given back and why, or why not (null: nothing was charged). */
export function describeChargeReturn(job: FailedJobCharge, domain: string): ChargeReturnNote | null {
  if (job.reason === "monthly_cap_reached") {
    return {
      returned: false,
      text: `Not given back: this account has already had ${CHEAP_RETURNS_PER_MONTH} of ${CHEAP_RETURNS_PER_MONTH} failed analyses given back this month. Failures on our side are always given back.`,
    };
  }
  if (job.reason === "costly_failure") return { returned: false, text: `This failure is not given back: ${whyCostly(job.code, domain)}.` };
  const given = describeGiven(job.chargeReturned, domain, job.completedAt);
  if (!given) return null;
  if (job.reason === "our_failure") return { returned: true, text: `Your analysis was given back: it failed on our side. ${given}` };
  if (job.reason === "cheap_failure") {
    const cap = job.chargeReturned === "free_retry" ? "" : ` Up to ${CHEAP_RETURNS_PER_MONTH} such failures a month are given back.`;

    return { returned: true, text: `Your analysis was given back: ${domain} turned it away while we were checking it. ${given}${cap}` };
  }

  // A message from a server that did not say why.
  return { returned: true, text: given };
}

/** Why a costly failure is not given back: the store made the analysis do its work first. */
function whyCostly(code: string | null | undefined, domain: string): string {
  switch (code) {
    case "storage_budget_exceeded":
      return `${domain} exceeded the storage budget of one analysis, and we had stored that much before stopping`;
    case "store_too_large":
      return `${domain} is larger than one analysis may read`;
    case "worker_crashed":
      return `analyzing ${domain} brought our analysis process down three times`;
    default:
      return `${domain} failed after we had started reading its products`;
  }
}

function describeGiven(charge: ChargeReturn | null | undefined, domain: string, completedAt: string | null | undefined): string | null {
  switch (charge) {
    case "quota":
      return "This analysis did not count against your free analyses this month.";
    case "credit":
      return "The report credit it used is back on your account.";
    case "free_retry": {
      const until = completedAt ? new Date(new Date(completedAt).getTime() + FREE_RETRY_DAYS * 24 * 60 * 60 * 1000).toISOString() : null;

      return `Your payment covers one more analysis of ${domain}${until ? ` until ${formatDate(until)}` : ` within ${FREE_RETRY_DAYS} days`}: submit it again from the same wallet and the new payment is checked but not charged.`;
    }
    default:
      return null;
  }
}
