-- Issue 13: a transcript imported from CHAT keeps what the editor does not show, for its export: each
-- utterance's speaker code (CHI, MOT, INV…), dependent tiers (%mor, %gra…) and the header lines just
-- before it (tiers as [name, text] pairs: jsonb would reorder an object's keys); the file's own headers (participants, @ID lines, languages…) on the recording.
ALTER TABLE "utterances" ADD COLUMN "code" text;
--> statement-breakpoint
ALTER TABLE "utterances" ADD COLUMN "tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "utterances" ADD COLUMN "before" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcript_meta" jsonb;
