import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { scanMarkup } from "./scan-markup";
import type { SafeFetchResult, SafeResponse } from "@/lib/net";
import type { StoreFailure } from "./outcomes";
import { parseStoreJson, withoutNulCharacters } from "./store-text";

/** What the caller expects back: JSON endpoints, sitemap XML, or storefront HTML. */
export type ExpectedBody = "json" | "xml" | "html" | "text";

export type AttemptVerdict =
  | { kind: "ok"; response: SafeResponse; json: unknown }
  | { kind: "fail"; failure: StoreFailure; blockShaped: boolean }
  | { kind: "retry"; failure: StoreFailure; blockShaped: boolean; retryAfter: string | undefined; slowFactor: number };

/** The start of an unexpected answer kept with its failure. */
const HTTP_ERROR_BODY_MAX = 500;

/** Shopify answered "Shopify Security Rejection": back off much longer than for a 429. */
const SECURITY_REJECTION_FACTOR = 4;

/**
 * Classifies one HTTP attempt against a store. Pure: retry policy and pacing live in
 * fetchStore; this only says what the answer was and whether it is worth retrying.
 */
export function classifyAnswer(result: SafeFetchResult, expected: ExpectedBody): AttemptVerdict {
  if (!result.ok) {
    const { kind, message } = result.error;
    switch (kind) {
      case "dns":
        return fail({ status: "not_found", message: `the store's host does not resolve: ${message}` });
      case "blocked_address":
      case "invalid_url":
        return fail({ status: "refused", message });
      case "too_large":
        return fail({ status: "too_large", message });
      case "timeout":
      case "network":
        return {
          kind: "retry",
          failure: { status: "unavailable", httpStatus: null, message },
          blockShaped: false,
          retryAfter: undefined,
          slowFactor: 1,
        };
      default:
        return fail({ status: "unavailable", httpStatus: null, message });
    }
  }

  const response = result.response;
  const { status } = response;
  if (isPasswordRedirect(response)) {
    return fail({ status: "password", message: "the storefront redirects to its password page" });
  }
  if (isChallenge(response)) {
    return fail({ status: "blocked", httpStatus: status, message: "the store answered with a bot challenge" }, true);
  }
  if (status === 403) {
    return fail({ status: "blocked", httpStatus: 403, message: "the store refused the request (403)" }, true);
  }
  if (status === 429 || status === 430) {
    const message = status === 429 ? "rate limited (429)" : "Shopify Security Rejection (430)";

    return {
      kind: "retry",
      failure: { status: "rate_limited", httpStatus: status, retryAfterMs: null, message },
      blockShaped: true,
      retryAfter: response.headers["retry-after"],
      slowFactor: status === 430 ? SECURITY_REJECTION_FACTOR : 1,
    };
  }
  if (status === 423) {
    // "Locked": a store (or a proxy before it) refusing us for now; block-shaped like 429/430.
    return {
      kind: "retry",
      failure: { status: "blocked", httpStatus: 423, message: "the store refused the request as locked (423)" },
      blockShaped: true,
      retryAfter: response.headers["retry-after"],
      slowFactor: SECURITY_REJECTION_FACTOR,
    };
  }
  if (status >= 500) {
    return {
      kind: "retry",
      failure: { status: "unavailable", httpStatus: status, message: `server error (${status})` },
      blockShaped: true,
      retryAfter: response.headers["retry-after"],
      slowFactor: 1,
    };
  }
  if (status < 200 || status >= 300) {
    const body = boundText(response.body, HTTP_ERROR_BODY_MAX);

    return fail({ status: "http_error", httpStatus: status, message: `unexpected status ${status}`, body });
  }

  return classifyBody(response, expected);
}

function classifyBody(response: SafeResponse, expected: ExpectedBody): AttemptVerdict {
  if (isPasswordPage(response.body)) {
    return fail({ status: "password", message: "the store serves its password page" });
  }
  if (expected === "json") {
    try {
      return { kind: "ok", response, json: parseStoreJson(response.body) };
    } catch {
      // The store's own header, of any length up to what Node accepts (16 KB): quoted, then cut.
      const type = boundText(response.headers["content-type"] ?? "no content type", QUOTED_TEXT_MAX);

      return fail({ status: "not_json", httpStatus: response.status, message: `expected JSON, got ${type}` });
    }
  }
  if (expected === "xml" && !/<(urlset|sitemapindex)\b/.test(response.body.slice(0, 4096))) {
    return fail({ status: "not_json", httpStatus: response.status, message: "expected a sitemap, got something else" });
  }

  return { kind: "ok", response: { ...response, body: withoutNulCharacters(response.body) }, json: undefined };
}

/** A 3xx whose Location path is exactly /password (a .com→.se domain redirect is normal). */
function isPasswordRedirect(response: SafeResponse): boolean {
  const location = response.headers.location;
  const pathOf = (value: string, base: string) => {
    try {
      return new URL(value, base).pathname;
    } catch {
      return "";
    }
  };
  if (response.status >= 300 && response.status < 400 && location && pathOf(location, response.url) === "/password") {
    return true;
  }

  return pathOf(response.url, response.url) === "/password";
}

/** Shopify's password template posts to /password; its body class names the template. */
export function isPasswordPage(body: string): boolean {
  const head = body.slice(0, 200_000);
  if (/\btemplate-password\b/.test(head)) return true;
  // A tokenizer pass, not `<form[^>]+action=…`: that regex rescans the rest of the page
  // from every `<form`, which a crafted page turns into quadratic work.
  let found = false;
  let inForm = false;
  scanMarkup(
    head,
    { xmlMode: false },
    {
      openTag(name) {
        inForm = name === "form";
      },
      attribute(name, value) {
        if (inForm && name === "action" && isPasswordAction(value)) found = true;
      },
    },
  );

  return found;
}

function isPasswordAction(action: string | undefined): boolean {
  if (action === undefined) return false;
  if (action === "/password") return true;
  const match = /^https?:\/\/[^/]+(\/.*)$/i.exec(action);

  return match?.[1] === "/password";
}

function isChallenge(response: SafeResponse): boolean {
  if (response.headers["cf-mitigated"] === "challenge") {
    return true;
  }
  const type = response.headers["content-type"] ?? "";
  if (!type.includes("html") || ![200, 403, 503].includes(response.status)) {
    return false;
  }
  const head = response.body.slice(0, 20_000);

  return /<title>Just a moment\.\.\.<\/title>/i.test(head) || head.includes("/cdn-cgi/challenge-platform/");
}

function fail(failure: StoreFailure, blockShaped = false): AttemptVerdict {
  return { kind: "fail", failure, blockShaped };
}
