import type { ButtonHTMLAttributes } from "react";

const DANGER = "rounded-md px-2 py-1 text-xs font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50";

/** The small red-outlined button that removes a row (revoke, remove, stop tracking). */
export function DangerButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className={`${DANGER} ${className}`.trim()} />;
}
