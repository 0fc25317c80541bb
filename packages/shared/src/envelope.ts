import { z } from 'zod';

/** Success envelope of docs/product.md §7. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal(true),
    data,
    message: z.string().optional(),
    meta: z.object({ page: z.number(), max: z.number(), total: z.number() }).optional(),
  });

/** A page of a list: the rows and where they are among `total`. */
export const pageEnvelope = <T extends z.ZodType>(row: T) =>
  z.object({
    status: z.literal(true),
    data: z.array(row),
    meta: z.object({ page: z.number(), max: z.number(), total: z.number() }),
  });

export const messageEnvelope = z.object({ status: z.literal(true), message: z.string(), data: z.unknown().optional() });

/** Failure envelope: one translated message per problem; `fields` maps field → message for forms. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  errors: z.array(z.string()),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  retry_after: z.number().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
