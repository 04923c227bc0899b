"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  ownerSignatureEnvelopeSchema,
  ownerSignatureListSchema,
  registerOwnerSignatureSchema,
  type OwnerSignatureView,
  type RegisterOwnerSignatureInput,
} from "@/lib/bot-auth/schemas";
import { formatDate } from "@/components/ui/format";
import { FieldError } from "@/components/ui/field-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/http/refusal";
import { callApi } from "./api-client";

const QUERY = ["owner-signatures"] as const;
const FIELDS = [
  { name: "domain", label: "Store domain", placeholder: "example-store.com", multiline: false },
  { name: "signature", label: "Signature", placeholder: "sig1=:…:", multiline: true },
  { name: "signature_input", label: "Signature-Input", placeholder: 'sig1=("@authority" …);created=…;expires=…', multiline: true },
  { name: "signature_agent", label: "Signature-Agent", placeholder: '"https://…"', multiline: false },
] as const;
const WORDING = Object.fromEntries(
  FIELDS.map((field) => [field.name, { label: field.label, required: `Paste the ${field.label} value.` }]),
);
const EMPTY: RegisterOwnerSignatureInput = { domain: "", signature: "", signature_input: "", signature_agent: "" };
const INPUT_CLASS = "mt-1 w-full rounded-md px-3 py-2 font-mono text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500";

/**
 * Operators register the Web Bot Auth values a merchant generated for their own store in
 * Shopify's admin; the crawler sends them to that domain until they expire. The values are
 * never shown back: the list has the domain, the expiry and who registered them.
 */
export function OwnerSignaturesPanel() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RegisterOwnerSignatureInput>(EMPTY);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const list = useQuery({ queryKey: QUERY, queryFn: () => callApi(ownerSignatureListSchema, "/api/admin/owner-signatures") });
  const register = useMutation({
    mutationFn: (body: RegisterOwnerSignatureInput) =>
      callApi(ownerSignatureEnvelopeSchema, "/api/admin/owner-signatures", { method: "POST", body }),
    onSuccess: () => {
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: QUERY });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBeforeSending(registerOwnerSignatureSchema, values, WORDING);
    setRefused(refusal);
    if (!refusal) register.mutate(values);
  };
  const refusal = refused ?? (register.isError ? describeRefusal(register.error, WORDING) : null);

  return (
    <div className="space-y-6">
      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Register a store&apos;s own signature</h2>
        <p className="mt-1 text-sm text-slate-600">
          A merchant can generate Web Bot Auth values for their store in Shopify&apos;s admin (one domain, valid up to three months). Paste
          the three header values; the crawler sends them to that domain only, until they expire. They are stored encrypted and never shown
          again.
        </p>
        <form aria-label="Register an owner signature" onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
          {FIELDS.map((field) => {
            const id = `owner-signature-${field.name}`;
            const error = refusal?.fields[field.name];
            const common = {
              id,
              name: field.name,
              value: values[field.name],
              placeholder: field.placeholder,
              spellCheck: false,
              autoComplete: "off",
              "aria-invalid": error ? true : undefined,
              "aria-describedby": error ? `${id}-error` : undefined,
              className: INPUT_CLASS,
            };
            const onChange = (value: string) => setValues((old) => ({ ...old, [field.name]: value }));

            return (
              <div key={field.name}>
                <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                  {field.label}
                </label>
                {field.multiline ? (
                  <textarea {...common} rows={2} onChange={(event) => onChange(event.target.value)} />
                ) : (
                  <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
                )}
                {error ? <FieldError id={`${id}-error`} message={error} className="mt-1" /> : null}
              </div>
            );
          })}
          {refusal?.message ? <FieldError id="owner-signature-form-error" message={refusal.message} /> : null}
          <SubmitButton pending={register.isPending}>{register.isPending ? "Registering…" : "Register"}</SubmitButton>
        </form>
      </section>

      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Registered stores</h2>
        {list.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
        {list.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Could not load the list. {describeRefusal(list.error).message}
          </p>
        ) : null}
        {list.data && list.data.data.length === 0 ? <p className="mt-3 text-sm text-slate-500">None registered.</p> : null}
        {list.data && list.data.data.length > 0 ? (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Domain
                </th>
                <th scope="col" className="py-2 font-medium">
                  Expires
                </th>
                <th scope="col" className="py-2 font-medium">
                  Registered
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((row) => (
                <OwnerSignatureRow key={row.domain} row={row} />
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}

function OwnerSignatureRow({ row }: { row: OwnerSignatureView }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      callApi(ownerSignatureEnvelopeSchema, `/api/admin/owner-signatures/${encodeURIComponent(row.domain)}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY }),
  });

  return (
    <tr data-testid="owner-signature-row">
      <td className="py-2 pr-3 font-medium text-slate-800">{row.domain}</td>
      <td className={`py-2 pr-3 ${row.expired ? "font-medium text-red-700" : "text-slate-600"}`}>
        {row.expired ? "Expired " : ""}
        {formatDate(row.expires_at, true)}
      </td>
      <td className="py-2 pr-3 text-slate-600">
        {formatDate(row.registered_at, true)} by {row.registered_by}
      </td>
      <td className="py-2 text-right">
        <button
          type="button"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          aria-label={`Remove the signature of ${row.domain}`}
          className="rounded-md px-2 py-1 text-xs font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
        >
          Remove
        </button>
        {remove.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {describeRefusal(remove.error).message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
