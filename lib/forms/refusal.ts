import { z } from "zod";

/**
 * How a form names one of its fields when it explains a refusal. `label` reads inside a sentence
 * ("the key name"); `required` is what to say when the field was left empty ("Give the key a name.").
 */
export type FieldWording = { label: string; required?: string };

/** The fields a form shows, by the name the API uses (the last part of `body.name`). */
export type FormWording = Record<string, FieldWording>;

/** A refusal as a form shows it: sentences for the fields it has, one sentence for the rest. */
export type Refusal = {
  /** For the whole form; absent when every problem sits on a field the form shows. */
  message?: string;
  fields: Record<string, string>;
  /** Where the user can fix what refused them (the plan limit's upgrade page). */
  action?: { href: string; label: string };
};

type Issue = { path: string; message: string; code?: string; maximum?: number; blank?: boolean };

const TRY_AGAIN_LATER = "StoreLens cannot do this right now. Try again in a minute.";
const OFFLINE = "Could not reach StoreLens. Check your connection and try again.";

/** "name must not be empty" → "Name must not be empty.": a capital and a full stop, nothing else changed. */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (!trimmed) return "";
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);

  return /[.!?…]["”)]?$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

const EMPTY_MESSAGE = /\b(is required|must not be empty|cannot be empty)\b/i;

/** One problem on one field, in words: the form's own for an empty field, else the schema's with the field's label. */
function fieldSentence(field: string, issue: Issue, wording: FieldWording | undefined): string {
  const label = wording?.label ?? field.replace(/_/g, " ");
  if (issue.blank || EMPTY_MESSAGE.test(issue.message)) return wording?.required ?? asSentence(`Enter ${label}`);
  if (issue.code === "too_big" && issue.maximum !== undefined) {
    return asSentence(`Keep ${label} to ${issue.maximum.toLocaleString("en-US")} characters or fewer`);
  }
  // The API's messages start with the raw field name ("notify_email must be…"); the form's label reads better.
  const message = issue.message.startsWith(`${field} `) ? `${label}${issue.message.slice(field.length)}` : issue.message;

  return asSentence(message);
}

function fromIssues(issues: Issue[], wording: FormWording): Refusal {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of issues) {
    const field = issue.path.split(".").at(-1) ?? "";
    const sentence = fieldSentence(field, issue, wording[field]);
    if (field in wording) fields[field] ??= sentence;
    else message ??= sentence;
  }

  return { message, fields };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A failed check in the browser; `values` tell an empty field (whatever rule refused it) from a wrong one. */
function fromZodError(error: z.ZodError, wording: FormWording, values: unknown): Refusal {
  const record = (values && typeof values === "object" ? values : {}) as Record<string, unknown>;

  return fromIssues(
    error.issues.map((issue) => {
      const field = issue.path.map(String).join(".");
      return {
        path: field,
        message: issue.message,
        code: issue.code,
        maximum: issue.code === "too_big" ? Number(issue.maximum) : undefined,
        blank: issue.code === "invalid_type" || (field !== "" && field in record && isBlank(record[field])),
      };
    }),
    wording,
  );
}

const describeWait = (seconds: number) =>
  seconds < 90 ? `${Math.max(1, Math.round(seconds))} seconds` : `${Math.round(seconds / 60)} minutes`;

const resetDate = (iso: unknown) => {
  const date = typeof iso === "string" ? new Date(iso) : null;

  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" })
    : "next month";
};

/** The API's `{ error, code, … }` body (or none) with its status, in words for a person. */
function fromAnswer(status: number, body: unknown, wording: FormWording): Refusal {
  const answer = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const error = typeof answer.error === "string" ? answer.error : "";
  const code = typeof answer.code === "string" ? answer.code : "";
  const issues = Array.isArray(answer.issues)
    ? answer.issues.filter((i): i is Issue => Boolean(i) && typeof i.path === "string" && typeof i.message === "string")
    : [];

  if (code === "invalid_request" && issues.length > 0) return fromIssues(issues, wording);
  if (code === "plan_limit_reached") {
    const limit = typeof answer.limit === "number" ? answer.limit : null;
    return {
      message: `You have used ${limit === null ? "all the" : `all ${limit}`} analyses of the Free plan this month. Upgrade to Pro for unlimited analyses, or wait until ${resetDate(answer.resets_at)}.`,
      fields: {},
      action: { href: "/dashboard/billing", label: "Upgrade to Pro" },
    };
  }
  if (code === "payment_required" && typeof answer.upgrade_url === "string") {
    // The API's sentence names the pricing page by its address for a program; a person gets a link.
    const said = error.replace(/\s+at\s+https?:\/\/\S+?(?=[.;,]?(?:\s|$))/g, "").replace(/\s+for more$/, "");
    return {
      message: asSentence(`${said || "This needs a bigger plan"}`),
      fields: {},
      action: { href: "/dashboard/billing", label: "Upgrade to Pro" },
    };
  }
  if (code === "email_unverified") {
    return {
      message: "Confirm your e-mail address before starting a job: open the link we e-mailed you, or send a new one from your dashboard.",
      fields: {},
    };
  }
  if (code === "unauthorized") return { message: "You are signed out. Sign in again and retry.", fields: {} };
  if (code === "rate_limited" || status === 429) {
    const said = asSentence(error || "Too many attempts");
    const wait =
      typeof answer.retry_after === "number" && !/try again/i.test(said) ? ` Try again in ${describeWait(answer.retry_after)}.` : "";
    return { message: `${said}${wait}`, fields: {} };
  }
  if (status >= 500 || status === 0) return { message: TRY_AGAIN_LATER, fields: {} };
  if (error) return { message: asSentence(error), fields: {} };

  return { message: `The request was refused (HTTP ${status}). Try again, or reload the page.`, fields: {} };
}

/**
 * What a form says when its request is refused or cannot be sent: a failed check of the same
 * zod schema the API uses (before sending), the API's error answer (anything with `status` and
 * `body`, such as the browser client's ApiRequestError), or a network failure. `values` are what the
 * form sent, for a failed check: an empty field gets the form's "required" sentence. Field paths and codes
 * never reach the user: each problem becomes a sentence, on its field when the form shows it.
 */
export function describeRefusal(failure: unknown, wording: FormWording = {}, values?: unknown): Refusal {
  if (failure instanceof z.ZodError) return fromZodError(failure, wording, values);
  if (failure && typeof failure === "object" && "status" in failure && typeof failure.status === "number") {
    return fromAnswer(failure.status, "body" in failure ? failure.body : undefined, wording);
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (failure instanceof TypeError) return { message: OFFLINE, fields: {} };

  return { message: TRY_AGAIN_LATER, fields: {} };
}

/**
 * The check a form runs before sending: `values` against the API's own schema. Null when they
 * pass; a refusal in the same words as the API's would be otherwise.
 */
export function checkBeforeSending(schema: z.ZodType, values: unknown, wording: FormWording = {}): Refusal | null {
  const parsed = schema.safeParse(values);

  return parsed.success ? null : describeRefusal(parsed.error, wording, values);
}
