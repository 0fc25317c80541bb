-- The dictionary's list and search plans (docs/decisions/008-performance.md) turn on the statistics
-- of `word`. With the default target ANALYZE samples 30,000 of the ~100,000 entries, and between two
-- samples the planner could leave the (word, id) index for a sort of every match on a search (a
-- fresh-clone test run saw it). A target of 1,000 samples them all: the same statistics, the same
-- plan, every time.
ALTER TABLE "dictionary" ALTER COLUMN "word" SET STATISTICS 1000;
