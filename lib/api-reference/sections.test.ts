import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { isOperatorOperation, OPERATOR_SECTION, operationAnchors, tagAnchor, tagOf } from "./sections";

// /docs lists the public endpoints, the operator's apart, with anchors no two elements share.

const GUIDES = ["quick-start", "promises", "crawler", "mcp"];

function documentOperations() {
  const doc = buildOpenApiDocument();

  return Object.values(doc.paths).flatMap((methods) => Object.values(methods as Record<string, { operationId: string; tags: string[] }>));
}

describe("the API reference's sections", () => {
  it("gives every guide, tag and operation of the document an anchor of its own", () => {
    const operations = documentOperations();
    const anchors = operationAnchors(operations, GUIDES);
    const all = [...GUIDES, OPERATOR_SECTION, ...new Set(operations.map((op) => tagAnchor(tagOf(op)))), ...anchors.values()];
    expect(all.length).toBe(new Set(all).size);
    // The MCP guide keeps #mcp; the MCP endpoint and the chat endpoint, once twins of a tag, move aside.
    expect(anchors.get("mcp")).toBe("mcp-endpoint");
    expect(anchors.get("chat")).toBe("chat");
    expect(anchors.get("getStore")).toBe("getStore");
  });

  it("sets the admin endpoints and Stripe's webhook apart from the public ones", () => {
    const operator = documentOperations()
      .filter(isOperatorOperation)
      .map((op) => op.operationId);
    expect(operator).toContain("receiveStripeWebhook");
    expect(operator).toContain("retryJob");
    expect(operator).toContain("listOwnerSignatures");
    expect(operator).not.toContain("createJob");
    expect(operator).not.toContain("createCheckoutSession");
  });

  it("keeps anchors apart when two would collide", () => {
    const anchors = operationAnchors(
      [
        { operationId: "jobs-endpoints", tags: ["jobs"] },
        { operationId: "promises", tags: ["x"] },
      ],
      ["promises"],
    );
    expect(anchors.get("jobs-endpoints")).toBe("jobs-endpoints-endpoint");
    expect(anchors.get("promises")).toBe("promises-endpoint");
  });
});
