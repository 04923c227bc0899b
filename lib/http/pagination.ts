import { z } from "zod";

/** `page` (1-based) and `per_page` (default 20, max 50), docs/decisions.md §7. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export function offsetOf({ page, per_page }: PaginationQuery): number {
  return (page - 1) * per_page;
}

export function paginated<T>(data: T[], query: PaginationQuery, total: number) {
  return {
    data,
    pagination: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) },
  };
}
