"use client";

import { useState, type FormEvent } from "react";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/components/api/use-api-keys";
import { DangerButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { ShownOnce } from "@/components/ui/shown-once";
import { SingleFieldForm } from "@/components/ui/single-field-form";
import { Table } from "@/components/ui/table";
import { createApiKeySchema, type ApiKeyView, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/forms/refusal";

const KEY_WORDING = { name: { label: "the key name", required: "Give the key a name." } };

/** The one sentence the single-field form shows for a refusal. */
const sentence = (refusal: Refusal) => refusal.fields.name ?? refusal.message;

export function ApiKeysPanel() {
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);

  const keys = useApiKeys();
  const create = useCreateApiKey((result) => {
    setCreated(result);
    setName("");
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBeforeSending(createApiKeySchema, { name }, KEY_WORDING);
    setRefused(refusal);
    if (!refusal) create.mutate(name);
  };
  const refusal = refused ?? (create.isError ? describeRefusal(create.error, KEY_WORDING) : null);

  return (
    <div className="space-y-6">
      <Card title="Create an API key">
        <p className="mt-1 text-sm text-slate-600">
          Send it as the <code className="rounded bg-slate-100 px-1">X-API-Key</code> header from scripts, CI and agents.
        </p>
        <SingleFieldForm
          ariaLabel="Create an API key"
          id="api-key-name"
          label="Key name"
          value={name}
          onChange={setName}
          onSubmit={onSubmit}
          placeholder="e.g. CI pipeline"
          maxLength={100}
          pending={create.isPending}
          submitLabel="Create key"
          pendingLabel="Creating…"
          error={refusal ? sentence(refusal) : undefined}
        />
        {created ? (
          <ShownOnce value={created.key} testId="new-api-key" copyLabel="Copy key" onDone={() => setCreated(null)}>
            Copy your new key “{created.api_key.name}” now. It is shown only this once; we store only a hash of it.
          </ShownOnce>
        ) : null}
      </Card>

      <ListPanel
        title="Your API keys"
        list={keys}
        failure={(error) => `Could not load your keys. ${describeRefusal(error).message}`}
        empty="No keys yet."
      >
        {(rows) => (
          <Table columns={["Name", "Key", "Created", "Last used"]}>
            {rows.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </Table>
        )}
      </ListPanel>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey(apiKey.id);

  return (
    <tr data-testid="api-key-row">
      <td className="py-2 pr-3 font-medium text-slate-800">{apiKey.name}</td>
      <td className="py-2 pr-3 font-mono text-slate-700">{apiKey.prefix}…</td>
      <td className="py-2 pr-3 text-slate-600">{formatDate(apiKey.created_at, true)}</td>
      <td className="py-2 pr-3 text-slate-600">{apiKey.last_used_at ? formatDate(apiKey.last_used_at, true) : "Never"}</td>
      <td className="py-2 text-right">
        {confirming ? (
          <span role="group" aria-label={`Confirm revoking ${apiKey.name}`} className="inline-flex items-center gap-2">
            <span className="text-xs text-slate-600">Requests with this key will fail at once.</span>
            <button
              type="button"
              onClick={() => revoke.mutate()}
              disabled={revoke.isPending}
              className="rounded-md bg-red-600 px-2 py-1 text-xs font-medium text-white hover:bg-red-700"
            >
              Yes, revoke
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-md px-2 py-1 text-xs ring-1 ring-slate-300">
              Cancel
            </button>
          </span>
        ) : (
          <DangerButton onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </DangerButton>
        )}
        {revoke.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {describeRefusal(revoke.error).message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
