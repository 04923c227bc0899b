import { z } from "zod";

/** How a value came to be: read from the store, computed from what was read, or modelled (docs/decisions.md §6.7). */
export const basisSchema = z.enum(["observed", "derived", "estimated"]);
export type Basis = z.infer<typeof basisSchema>;

/** A report metadata field: its value and its basis. */
export const labelled = <T extends z.ZodType>(value: T) => z.object({ value, basis: basisSchema });
export type Labelled<T> = { value: T; basis: Basis };
