import Link from "next/link";
import { formatCount } from "./format";

type Props = {
  basePath: string;
  params: Record<string, string | undefined>;
  page: number;
  totalPages: number;
};

/** Previous/next links that keep the other query parameters. */
export function PaginationNav({ basePath, params, page, totalPages }: Props) {
  if (totalPages <= 1) return null;
  const href = (target: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...params, page: String(target) }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );

    return `${basePath}?${query}`;
  };

  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-indigo-700 underline">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">
        Page {formatCount(page)} of {formatCount(totalPages)}
      </span>
      {page < totalPages ? (
        <Link href={href(page + 1)} className="text-indigo-700 underline">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
