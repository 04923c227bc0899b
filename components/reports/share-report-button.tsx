"use client";

import { useState } from "react";
import { SECONDARY_ACTION } from "./action-styles";

type Shared = "idle" | "copied" | "failed";

/**
 * Shares the report's address: the system share sheet where there is one (phones), else a
 * copy to the clipboard; where neither works the address is shown to copy by hand.
 */
export function ShareReportButton({ url, title }: { url: string; title: string }) {
  const [state, setState] = useState<Shared>("idle");

  const share = async () => {
    if (typeof navigator.share === "function" && navigator.canShare?.({ url, title }) !== false) {
      try {
        await navigator.share({ url, title });

        return;
      } catch (error) {
        // The viewer closed the sheet: nothing to report.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <>
      <button type="button" onClick={() => void share()} className={SECONDARY_ACTION}>
        Share
      </button>
      <span role="status" className="self-center text-sm text-slate-600">
        {state === "copied" ? "Link copied" : null}
      </span>
      {state === "failed" ? (
        <label className="basis-full text-sm text-slate-600">
          Copy this link:{" "}
          <input
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-slate-800"
          />
        </label>
      ) : null}
    </>
  );
}
