import type { ReactNode } from "react";

/** A link to a product, collection or page on the analyzed store itself (never followed by crawlers). */
export function StoreLink({
  domain,
  kind,
  handle,
  className,
  children,
}: {
  domain: string;
  kind: "products" | "collections" | "pages";
  handle: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`https://${domain}/${kind}/${encodeURIComponent(handle)}`}
      rel="nofollow noopener noreferrer"
      target="_blank"
      className={className}
    >
      {children}
    </a>
  );
}
