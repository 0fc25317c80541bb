import { z } from 'zod';

/**
 * A stored file as `/api/files` describes it (decision 007): the contract of the upload answer and
 * the metadata route, read by the API's OpenAPI document and the web's file inputs alike.
 */
export const fileInfoSchema = z.object({
  id: z.string(),
  account_id: z.string().nullable(),
  name: z.string(),
  /** The type sniffed from the bytes, never the name's. */
  content_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;
