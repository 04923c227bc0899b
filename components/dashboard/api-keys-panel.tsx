"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokedApiKeySchema,
  type ApiKeyView,
  type CreatedApiKey,
} from "@/lib/api-keys/schemas";
import { formatDate } from "@/components/ui/format";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/http/refusal";
import { callApi } from "./api-client";
import { SingleFieldForm } from "@/components/ui/single-field-form";

const KEYS_QUERY = ["api-keys"] as const;
const KEY_WORDING = { name: { label: "the key name", required: "Give the key a name." } };

/** The one sentence the single-field form shows for a refusal. */
const sentence = (refusal: Refusal) => refusal.fields.name ?? refusal.message;

export function ApiKeysPanel() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);

  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => callApi(apiKeyListSchema, "/api/api-keys") });
  const create = useMutation({
    mutationFn: (keyName: string) => callApi(createdApiKeySchema, "/api/api-keys", { method: "POST", body: { name: keyName } }),
    onSuccess: (result) => {
      setCreated(result);
      setName("");
      void queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
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
      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Create an API key</h2>
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
        {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
      </section>

      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Your API keys</h2>
        {keys.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
        {keys.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Could not load your keys. {describeRefusal(keys.error).message}
          </p>
        ) : null}
        {keys.data && keys.data.data.length === 0 ? <p className="mt-3 text-sm text-slate-500">No keys yet.</p> : null}
        {keys.data && keys.data.data.length > 0 ? (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 font-medium">
                  Key
                </th>
                <th scope="col" className="py-2 font-medium">
                  Created
                </th>
                <th scope="col" className="py-2 font-medium">
                  Last used
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.data.data.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} />
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}

function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };

  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Copy your new key “{created.api_key.name}” now. It is shown only this once; we store only a hash of it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code
          data-testid="new-api-key"
          className="flex-1 select-all break-all rounded bg-white px-3 py-2 font-mono text-sm ring-1 ring-amber-200"
        >
          {created.key}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-md bg-amber-600 px-3 py-2 text-sm font-medium text-white hover:bg-amber-700"
        >
          {copied ? "Copied" : "Copy key"}
        </button>
        <button type="button" onClick={onDone} className="rounded-md px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-white">
          Done
        </button>
      </div>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => callApi(revokedApiKeySchema, `/api/api-keys/${encodeURIComponent(apiKey.id)}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS_QUERY }),
  });

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
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Revoke ${apiKey.name}`}
            className="rounded-md px-2 py-1 text-xs font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          >
            Revoke
          </button>
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
