// Dependency-free on purpose, as alert-kinds.ts: the dashboard's client components import the
// list schemas, and this list must not drag the table definitions into the browser bundle.

/** A saved segment (a directory query) or a hand-picked set of stores. */
export const LIST_KINDS = ["segment", "stores"] as const;
