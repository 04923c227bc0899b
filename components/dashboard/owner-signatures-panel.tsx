"use client";

import { useState, type FormEvent } from "react";
import { useOwnerSignatures, useRegisterOwnerSignature, useRemoveOwnerSignature } from "@/components/api/use-owner-signatures";
import { DangerButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { formatDate } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table } from "@/components/ui/table";
import { registerOwnerSignatureSchema, type OwnerSignatureView, type RegisterOwnerSignatureInput } from "@/lib/bot-auth/schemas";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/forms/refusal";

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
  const [values, setValues] = useState<RegisterOwnerSignatureInput>(EMPTY);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const list = useOwnerSignatures();
  const register = useRegisterOwnerSignature(() => setValues(EMPTY));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBeforeSending(registerOwnerSignatureSchema, values, WORDING);
    setRefused(refusal);
    if (!refusal) register.mutate(values);
  };
  const refusal = refused ?? (register.isError ? describeRefusal(register.error, WORDING) : null);

  return (
    <div className="space-y-6">
      <Card title="Register a store's own signature">
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
      </Card>

      <ListPanel
        title="Registered stores"
        list={list}
        failure={(error) => `Could not load the list. ${describeRefusal(error).message}`}
        empty="None registered."
      >
        {(rows) => (
          <Table columns={["Domain", "Expires", "Registered"]}>
            {rows.map((row) => (
              <OwnerSignatureRow key={row.domain} row={row} />
            ))}
          </Table>
        )}
      </ListPanel>
    </div>
  );
}

function OwnerSignatureRow({ row }: { row: OwnerSignatureView }) {
  const remove = useRemoveOwnerSignature(row.domain);

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
        <DangerButton onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Remove the signature of ${row.domain}`}>
          Remove
        </DangerButton>
        {remove.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {describeRefusal(remove.error).message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
