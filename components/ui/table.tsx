import type { ReactNode } from "react";

/** A list's table: its column heads (a last, unnamed one for the row's buttons) and its rows. */
export function Table({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <table className="mt-3 w-full text-left text-sm">
      <thead className="text-slate-500">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="py-2 font-medium">
              {column}
            </th>
          ))}
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
