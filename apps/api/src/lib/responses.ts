import { errorEnvelope } from '@habla/shared';
import { z } from 'zod';

/** Failure answers every route may give; listed so the OpenAPI document shows the §7 envelope. */
export const errorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
  500: errorEnvelope,
  /** Overloaded: shed by the admission gate, with Retry-After (plugins/load-limits.ts). */
  503: errorEnvelope,
} as const;

/** A success that is a file, not JSON (a CSV export, a picture): published with its own content type. */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** `{ status: true, message }`: writes whose answer is a text for a success toast. */
export const messageOnly = z.object({ status: z.literal(true), message: z.string() });
