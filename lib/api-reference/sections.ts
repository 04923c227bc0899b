/**
 * How /docs lays out the OpenAPI document: the public endpoints by tag, the operator's (admin
 * pages, Stripe's webhook) apart at the end, and an anchor per guide, tag and operation that no
 * other element of the page shares (a tag and an operation were both `mcp` and `chat`).
 */

type Listed = { operationId: string; tags: string[] };

/** Operations a customer never calls: only ADMIN_USER_IDS may, or only Stripe does. */
const OPERATOR_OPERATIONS = new Set(["receiveStripeWebhook"]);
const OPERATOR_TAGS = new Set(["admin"]);

export const OPERATOR_SECTION = "operator-endpoints";

export function isOperatorOperation(op: Listed): boolean {
  return OPERATOR_OPERATIONS.has(op.operationId) || op.tags.some((tag) => OPERATOR_TAGS.has(tag));
}

export const tagOf = (op: Listed): string => op.tags[0] ?? "other";

/** A tag's section: `jobs-endpoints`, never the bare tag a guide or an operation may be named. */
export const tagAnchor = (tag: string): string => `${tag}-endpoints`;

/**
 * Each operation's anchor: its operationId (the address others link to), or `<id>-endpoint` when a
 * guide section or a tag section already has that id.
 */
export function operationAnchors(operations: Listed[], guides: readonly string[]): Map<string, string> {
  const taken = new Set<string>([...guides, OPERATOR_SECTION, ...operations.map((op) => tagAnchor(tagOf(op)))]);
  const anchors = new Map<string, string>();
  for (const op of operations) {
    let anchor = taken.has(op.operationId) ? `${op.operationId}-endpoint` : op.operationId;
    for (let n = 2; taken.has(anchor); n++) anchor = `${op.operationId}-endpoint-${n}`;
    taken.add(anchor);
    anchors.set(op.operationId, anchor);
  }

  return anchors;
}
