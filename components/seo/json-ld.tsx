import { jsonLdScript } from "@/lib/store-directory/json-ld";

/** A schema.org JSON-LD block; the text is escaped so untrusted names cannot end the script. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}
