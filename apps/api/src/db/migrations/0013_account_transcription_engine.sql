-- Issue 13: the transcription engine an account's new recordings use (the MAA choice per account);
-- none: the server's default (TRANSCRIPTION_ENGINE). An upload may still name another.
ALTER TABLE "accounts" ADD COLUMN "transcription_engine" text CHECK ("transcription_engine" IN ('manual', 'local', 'hosted'));
