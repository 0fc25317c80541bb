-- Every activity of a game, deleted ones too (docs/decisions/028): a game's analytics lists its live
-- activities and the deleted ones that have figures, and the only index by game (activities_game_id_sort_idx)
-- holds live rows, so PostgreSQL read all of the table's activities to find ten (5 ms of an 18 ms
-- request over a district's 20,000 on the analytics bench).
CREATE INDEX "activities_game_idx" ON "activities" USING btree ("game_id");
