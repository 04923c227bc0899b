"use client";

import { useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { useBatch, useBatches, useCreateBatch } from "@/components/api/use-batches";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { ListPanel } from "@/components/ui/list-panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table } from "@/components/ui/table";
import { describeRefusal } from "@/lib/forms/refusal";
import { MAX_BATCH_DOMAINS, type BatchSummary, type InvalidLine } from "@/lib/batches/schemas";

const JOB_TONE: Record<string, BadgeTone> = { queued: "slate", running: "indigo", completed: "emerald", failed: "red" };
const BATCH_TONE: Record<BatchSummary["status"], BadgeTone> = { running: "indigo", completed: "emerald" };

export function BatchesPanel() {
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <NewBatchCard onCreated={setOpen} />
      <BatchList open={open} onOpen={setOpen} />
      {open ? <BatchProgress id={open} /> : null}
    </div>
  );
}

function NewBatchCard({ onCreated }: { onCreated: (id: string) => void }) {
  const [text, setText] = useState("");
  const create = useCreateBatch((answer) => {
    setText("");
    onCreated(answer.batch.id);
  });
  const invalid = invalidLinesOf(create.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== "") create.mutate({ csv: text });
  };

  return (
    <Card title="Analyze a list of stores">
      <p className="mt-1 text-sm text-slate-600">
        Paste store domains, one a line (a CSV&apos;s first column works too), up to {MAX_BATCH_DOMAINS.toLocaleString("en-US")} stores.
        Your plan pays for all of them at once, or none starts. When the last one has ended, a{" "}
        <code className="rounded bg-slate-100 px-1">batch.completed</code> webhook goes to your webhook URL.
      </p>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} aria-label="Start a batch">
        <label htmlFor="batch-domains" className="block text-sm font-medium text-slate-700">
          Store domains
        </label>
        <textarea
          id="batch-domains"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          maxLength={500_000}
          placeholder={"allbirds.com\ngymshark.com"}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
          aria-describedby={create.isError ? "batch-error" : undefined}
        />
        <SubmitButton pending={create.isPending}>{create.isPending ? "Starting…" : "Analyze these stores"}</SubmitButton>
      </form>
      {create.isError ? (
        <div id="batch-error" role="alert" className="mt-3 text-sm text-red-700">
          <p>{describeRefusal(create.error).message}</p>
          {invalid.length > 0 ? (
            <ul className="mt-1 list-disc pl-5" data-testid="batch-invalid-lines">
              {invalid.slice(0, 20).map((line) => (
                <li key={line.line}>
                  Line {line.line}: <span className="font-mono">{line.input}</span> ({line.error})
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function invalidLinesOf(error: Error | null): InvalidLine[] {
  if (!(error instanceof ApiRequestError)) return [];
  const body = error.body as { invalid_lines?: InvalidLine[] } | null;

  return body?.invalid_lines ?? [];
}

function BatchList({ open, onOpen }: { open: string | null; onOpen: (id: string) => void }) {
  const list = useBatches();

  return (
    <ListPanel
      title="Your batches"
      list={list}
      failure={(error) => `Could not load your batches. ${describeRefusal(error).message}`}
      empty="No batch yet."
    >
      {(rows) => (
        <Table columns={["Started", "Status", "Stores", "Progress", ""]}>
          {rows.map((batch) => (
            <tr key={batch.id} data-testid="batch-row">
              <td className="py-2 pr-3 text-slate-600">{formatDate(batch.created_at, true)}</td>
              <td className="py-2 pr-3">
                <Badge tone={BATCH_TONE[batch.status]}>{batch.status}</Badge>
              </td>
              <td className="py-2 pr-3 text-slate-700">{batch.total}</td>
              <td className="py-2 pr-3 text-slate-700">
                {batch.counts.completed} completed, {batch.counts.failed} failed, {batch.counts.running + batch.counts.queued} to go
              </td>
              <td className="py-2 pr-3 text-right">
                <button
                  type="button"
                  className="text-sm font-medium text-indigo-700 hover:underline"
                  aria-pressed={open === batch.id}
                  onClick={() => onOpen(batch.id)}
                >
                  Show stores
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ListPanel>
  );
}

function BatchProgress({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const batch = useBatch(id, page);
  const data = batch.data?.batch;

  return (
    <Card title="Stores in this batch">
      {batch.isPending ? <p className="mt-3 text-sm text-slate-500">Loading…</p> : null}
      {batch.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not load the batch. {describeRefusal(batch.error).message}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="mt-1 text-sm text-slate-600" data-testid="batch-progress">
            {data.counts.completed + data.counts.failed} of {data.total} ended ({data.counts.completed} completed, {data.counts.failed}{" "}
            failed).{" "}
            <a className="font-medium text-indigo-700 hover:underline" href={`${data.export_url}`}>
              Download results (CSV)
            </a>
          </p>
          <Table columns={["Store", "Status", "Report"]}>
            {data.jobs.data.map((job) => (
              <tr key={job.job_id} data-testid="batch-job-row">
                <td className="py-2 pr-3 font-mono text-xs text-slate-800">{job.domain}</td>
                <td className="py-2 pr-3">
                  <Badge tone={JOB_TONE[job.status] ?? "slate"}>{job.status}</Badge>
                  {job.error_code ? <span className="ml-2 text-xs text-slate-500">{job.error_code}</span> : null}
                </td>
                <td className="py-2 pr-3">
                  <a className="text-sm text-indigo-700 hover:underline" href={job.report_url}>
                    {job.status === "completed" ? "Report" : "Progress"}
                  </a>
                </td>
              </tr>
            ))}
          </Table>
          {data.jobs.pagination.total_pages > 1 ? (
            <div className="mt-3 flex gap-3 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className="text-indigo-700 disabled:text-slate-400"
              >
                Previous
              </button>
              <span className="text-slate-600">
                Page {page} of {data.jobs.pagination.total_pages}
              </span>
              <button
                type="button"
                disabled={page >= data.jobs.pagination.total_pages}
                onClick={() => setPage(page + 1)}
                className="text-indigo-700 disabled:text-slate-400"
              >
                Next
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
