"use client";

import { useState, type FormEvent } from "react";
import {
  useRotateWebhookSecret,
  useSendTestWebhook,
  useSetWebhookUrl,
  useWebhookDeliveries,
  useWebhookSettings,
} from "@/components/api/use-webhooks";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { ShownOnce } from "@/components/ui/shown-once";
import { SingleFieldForm } from "@/components/ui/single-field-form";
import { Table } from "@/components/ui/table";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/forms/refusal";
import { updateWebhookSettingsSchema, type RotatedWebhookSecret, type WebhookDeliveryView } from "@/lib/webhooks/schemas";

const URL_WORDING = { url: { label: "the webhook URL", required: "Give an http(s) URL." } };
const STATUS_TONE: Record<WebhookDeliveryView["status"], BadgeTone> = { pending: "indigo", delivered: "emerald", failed: "red" };
const SECONDARY =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

export function WebhooksPanel() {
  return (
    <div className="space-y-6">
      <SigningSecretCard />
      <ReceiverCard />
      <DeliveryLog />
    </div>
  );
}

function SigningSecretCard() {
  const settings = useWebhookSettings();
  const [rotated, setRotated] = useState<RotatedWebhookSecret | null>(null);
  const rotate = useRotateWebhookSecret(setRotated);
  const secret = settings.data?.secret;

  return (
    <Card title="Signing secret">
      <p className="mt-1 text-sm text-slate-600">
        Every webhook we send for your account (<code className="rounded bg-slate-100 px-1">job.completed</code>, alerts, test events)
        carries <code className="rounded bg-slate-100 px-1">webhook-id</code>,{" "}
        <code className="rounded bg-slate-100 px-1">webhook-timestamp</code> and{" "}
        <code className="rounded bg-slate-100 px-1">webhook-signature</code> headers (Standard Webhooks): verify them with the{" "}
        <code className="rounded bg-slate-100 px-1">standardwebhooks</code> library and this secret.
      </p>
      <p className="mt-3 text-sm text-slate-700" data-testid="webhook-secret-state">
        {secret ? (
          <>
            In use: <span className="font-mono">{secret.prefix}…</span>, created {formatDate(secret.created_at, true)}.
          </>
        ) : settings.isPending ? (
          "Loading…"
        ) : (
          "No secret yet: your webhooks go unsigned until you create one."
        )}
      </p>
      <button type="button" className={`mt-3 ${SECONDARY}`} onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        {rotate.isPending ? "Creating…" : secret ? "Rotate secret" : "Create secret"}
      </button>
      {rotate.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeRefusal(rotate.error).message}
        </p>
      ) : null}
      {rotated ? (
        <ShownOnce value={rotated.secret} testId="new-webhook-secret" copyLabel="Copy secret" onDone={() => setRotated(null)}>
          Copy your new secret now: it is shown only this once, and it signs every webhook from now on (the old one no longer does).
        </ShownOnce>
      ) : null}
    </Card>
  );
}

function ReceiverCard() {
  const settings = useWebhookSettings();
  const [url, setUrl] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const save = useSetWebhookUrl();
  const test = useSendTestWebhook();
  const value = url ?? settings.data?.url ?? "";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: value.trim() === "" ? null : value.trim() };
    const refusal = checkBeforeSending(updateWebhookSettingsSchema, body, URL_WORDING);
    setRefused(refusal);
    if (!refusal) save.mutate(body.url, { onSuccess: () => setUrl(null) });
  };
  const refusal = refused ?? (save.isError ? describeRefusal(save.error, URL_WORDING) : null);

  return (
    <Card title="Alert webhooks">
      <p className="mt-1 text-sm text-slate-600">
        Alerts are POSTed here and retried for about a day and a half (after 1 min, 5 min, 30 min, 2 h, 8 h, 24 h) until your receiver
        answers 2xx. Leave it empty to stop them.
      </p>
      <SingleFieldForm
        ariaLabel="Set the alert webhook URL"
        id="webhook-url"
        label="Webhook URL"
        value={value}
        onChange={setUrl}
        onSubmit={onSubmit}
        placeholder="https://example.com/hooks/storelens"
        maxLength={2000}
        pending={save.isPending}
        submitLabel="Save URL"
        pendingLabel="Saving…"
        error={refusal ? (refusal.fields.url ?? refusal.message) : undefined}
      />
      <button type="button" className={`mt-3 ${SECONDARY}`} onClick={() => test.mutate()} disabled={test.isPending || !settings.data?.url}>
        {test.isPending ? "Sending…" : "Send a test event"}
      </button>
      {test.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Test event queued: it appears in the delivery log below.
        </p>
      ) : null}
      {test.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeRefusal(test.error).message}
        </p>
      ) : null}
    </Card>
  );
}

function DeliveryLog() {
  const deliveries = useWebhookDeliveries();

  return (
    <ListPanel
      title="Delivery log"
      list={deliveries}
      failure={(error) => `Could not load the delivery log. ${describeRefusal(error).message}`}
      empty="No alert or test webhook sent yet."
    >
      {(rows) => (
        <Table columns={["Event", "Status", "Attempts", "Created"]}>
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </Table>
      )}
    </ListPanel>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }) {
  const last = delivery.attempt_log.at(-1);

  return (
    <tr data-testid="webhook-delivery-row">
      <td className="py-2 pr-3 font-mono text-xs text-slate-800">{delivery.event_type}</td>
      <td className="py-2 pr-3">
        <Badge tone={STATUS_TONE[delivery.status]}>{delivery.status}</Badge>
        {last?.error ? <p className="mt-1 break-words text-xs text-slate-500">{last.error}</p> : null}
        {delivery.next_attempt_at ? (
          <p className="mt-1 text-xs text-slate-500">Next attempt {formatDate(delivery.next_attempt_at, true)}</p>
        ) : null}
      </td>
      <td className="py-2 pr-3 text-slate-700">
        {delivery.attempt_log.length > 0 ? <AttemptLog attempts={delivery.attempt_log} /> : delivery.attempts}
      </td>
      <td className="py-2 pr-3 text-slate-600">{formatDate(delivery.created_at, true)}</td>
      <td />
    </tr>
  );
}

/** Every attempt at one delivery: when, and what the receiver answered (its HTTP status, or the network's error). */
export function AttemptLog({ attempts }: { attempts: WebhookDeliveryView["attempt_log"] }) {
  return (
    <details className="text-left text-xs text-slate-600">
      <summary className="cursor-pointer text-slate-700">{attempts.length === 1 ? "1 attempt" : `${attempts.length} attempts`}</summary>
      <ol className="mt-1 space-y-1" data-testid="webhook-attempts">
        {attempts.map((attempt) => (
          <li key={attempt.number}>
            #{attempt.number} {formatDate(attempt.started_at, true)}: {attempt.status}
            {attempt.response_status !== null ? ` (HTTP ${attempt.response_status})` : ""}
            {attempt.error && attempt.response_status === null ? ` (${attempt.error})` : ""}
          </li>
        ))}
      </ol>
    </details>
  );
}
