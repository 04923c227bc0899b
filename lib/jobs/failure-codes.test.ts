/**
 * Every way a job can fail has a class that says whether its charge comes back: each code the
 * pipeline writes is declared with one, and a store's failure is cheap only while we were still
 * checking the store; once the product crawl has begun it cost us the crawl.
 */
import { describe, expect, it } from "vitest";
import type { StoreFailure, StoreFailureStatus } from "@/lib/shopify-reader/outcomes";
import { PIPELINE_STEPS } from "@/lib/pipeline/pipeline-steps";
import {
  describeRobotsDisallowed,
  describeStorageBudgetExceeded,
  describeStorageWaitExpired,
  describeStoreFailure,
  describeStoreTooLarge,
} from "@/lib/pipeline/store-failures";
import { CHECKING_STEP, failureClassOf, isJobFailureCode, JOB_FAILURE_CLASSES, JOB_FAILURE_CODES } from "./failure-codes";

// Every status a store read can end in (StoreFailure): a new one must be added here and described.
const STORE_FAILURES: Record<StoreFailureStatus, StoreFailure> = {
  password: { status: "password", message: "m" },
  not_found: { status: "not_found", message: "m" },
  not_shopify: { status: "not_shopify", message: "m" },
  refused: { status: "refused", message: "m" },
  blocked: { status: "blocked", httpStatus: 403, message: "m" },
  rate_limited: { status: "rate_limited", httpStatus: 429, retryAfterMs: null, message: "m" },
  unavailable: { status: "unavailable", httpStatus: 503, message: "m" },
  not_json: { status: "not_json", httpStatus: 200, message: "m" },
  http_error: { status: "http_error", httpStatus: 400, message: "m", body: "" },
  too_large: { status: "too_large", message: "m" },
  redirected_off_store: { status: "redirected_off_store", host: "b.test", httpStatus: 301, location: "https://b.test/", message: "m" },
  disallowed: { status: "disallowed", path: "/products.json", message: "m" },
};

describe("failure classes", () => {
  it("every code the pipeline writes is a declared failure code with a class", () => {
    const written = [
      ...Object.values(STORE_FAILURES).map((failure) => describeStoreFailure("a.test", failure).code),
      describeRobotsDisallowed("a.test", ["/products.json"]).code,
      describeStoreTooLarge("a.test", "too many").code,
      describeStorageBudgetExceeded("a.test", 512 * 1024 * 1024).code,
      describeStorageWaitExpired(30).code,
      "analysis_failed",
      // markJobFailedAfterRetries (lib/pipeline/fail-job-step.ts), for a step that killed its worker.
      "worker_crashed",
    ];
    for (const code of written) {
      expect(isJobFailureCode(code), code).toBe(true);
      if (isJobFailureCode(code)) expect(["ours", "cheap", "costly"], code).toContain(JOB_FAILURE_CLASSES[code]);
    }
    expect(new Set(written)).toEqual(new Set(JOB_FAILURE_CODES));
  });

  it("the step a store is checked in is the pipeline's first step", () => {
    expect(CHECKING_STEP).toBe(PIPELINE_STEPS.resolveStore.id);
  });

  it("a store that turns the job away while it is checked is cheap; the same answer once its products are being read is costly", () => {
    for (const code of ["not_shopify", "store_not_found", "store_password_protected", "robots_disallowed", "store_blocked"]) {
      expect(failureClassOf(code, "resolve-store"), code).toBe("cheap");
      expect(failureClassOf(code, null), code).toBe("cheap");
      expect(failureClassOf(code, "fetch-products"), code).toBe("costly");
      expect(failureClassOf(code, "render"), code).toBe("costly");
    }
  });

  it("a store past the job's storage budget or request cap is costly wherever it fails", () => {
    expect(failureClassOf("storage_budget_exceeded", "fetch-products")).toBe("costly");
    expect(failureClassOf("store_too_large", "fetch-products")).toBe("costly");
    expect(failureClassOf("store_too_large", "resolve-store")).toBe("costly");
  });

  it("our own failures are ours at any step, and a code we do not know reads as ours", () => {
    expect(failureClassOf("analysis_failed", "render")).toBe("ours");
    expect(failureClassOf("storage_low", null)).toBe("ours");
    expect(failureClassOf("something_new", "pagespeed")).toBe("ours");
    expect(failureClassOf(null, null)).toBe("ours");
    // Names of Object's own properties are not codes.
    expect(isJobFailureCode("toString")).toBe(false);
  });
});
