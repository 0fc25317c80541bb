-- Issue 11: games and their ordered activities. A game without an account is the library's.
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL CHECK ("type" IN ('sentence_practice', 'multiple_choice_answers')),
	"chapter_id" uuid REFERENCES "chapters"("id"),
	"topic_id" uuid REFERENCES "topics"("id"),
	"comment" text,
	"max_attempts" integer CHECK ("max_attempts" BETWEEN 1 AND 20),
	"game_status" text DEFAULT 'WORK_IN_PROGRESS' NOT NULL CHECK ("game_status" IN ('WORK_IN_PROGRESS', 'COMPLETED', 'ASSIGNED', 'UNASSIGNED', 'PLAYED')),
	"is_private" boolean DEFAULT true NOT NULL,
	"share_status" text CHECK ("share_status" IN ('SHARED', 'COLLECTED')),
	"version" integer DEFAULT 1 NOT NULL CHECK ("version" >= 1),
	"origin_id" uuid REFERENCES "games"("id"),
	"account_id" uuid REFERENCES "accounts"("id"),
	"activities_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL REFERENCES "games"("id"),
	"position" integer NOT NULL CHECK ("position" >= 1),
	"question" text,
	"picture" text,
	"audio_id" uuid,
	"answers" jsonb NOT NULL,
	-- The game's state and author, kept by triggers: whether an activity may change is its game's question.
	"game_status" text,
	"game_account_id" uuid,
	"game_created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE INDEX "games_name_sort_idx" ON "games" USING btree ("name","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_type_sort_idx" ON "games" USING btree ("type","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_chapter_id_sort_idx" ON "games" USING btree ("chapter_id","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_game_status_sort_idx" ON "games" USING btree ("game_status","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_version_sort_idx" ON "games" USING btree ("version","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_activities_count_sort_idx" ON "games" USING btree ("activities_count","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_updated_idx" ON "games" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "games_account_idx" ON "games" USING btree ("account_id","created_by") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "games_origin_idx" ON "games" USING btree ("origin_id") WHERE origin_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "games_topic_idx" ON "games" USING btree ("topic_id") WHERE topic_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "games_name_trgm_idx" ON "games" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "games_name_prefix_idx" ON "games" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "activities_game_id_sort_idx" ON "activities" USING btree ("game_id","position","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "activities_position_sort_idx" ON "activities" USING btree ("position","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "activities_question_sort_idx" ON "activities" USING btree ("question","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "activities_updated_idx" ON "activities" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "activities_question_trgm_idx" ON "activities" USING gin ("question" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "activities_question_prefix_idx" ON "activities" USING btree ((lower("question") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- No two live activities of a game share a place; checked at commit, so a renumbering may pass through duplicates.
ALTER TABLE "activities" ADD CONSTRAINT "activities_game_position_excl" EXCLUDE USING btree ("game_id" WITH =, "position" WITH =) WHERE (deleted_at IS NULL) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The live activities of every game touched by a transaction sit at 1..n, checked at commit.
CREATE FUNCTION "activities_positions_gap_free"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bad integer;
	g uuid;
BEGIN
	FOREACH g IN ARRAY (CASE WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.game_id] WHEN TG_OP = 'UPDATE' THEN ARRAY[NEW.game_id, OLD.game_id] ELSE ARRAY[NEW.game_id] END) LOOP
		SELECT count(*) INTO bad FROM (
			SELECT position, row_number() OVER (ORDER BY position) AS n FROM activities WHERE game_id = g AND deleted_at IS NULL
		) x WHERE x.position <> x.n;
		IF bad > 0 THEN
			RAISE EXCEPTION 'activities of game % are not numbered 1..n', g USING ERRCODE = '23514';
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "activities_positions_gap_free" AFTER INSERT OR UPDATE OR DELETE ON "activities" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "activities_positions_gap_free"();
--> statement-breakpoint
-- The totals a chapter and its level show (seed §3: "totals of games, activities and evaluations")
-- count the library's live games and their activities: the content every account sees, the same
-- number for everyone (an account's own games are not counted into shared curriculum).
CREATE FUNCTION "chapter_totals"(c uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	l uuid;
BEGIN
	IF c IS NULL THEN
		RETURN;
	END IF;
	UPDATE chapters SET
		games_count = (SELECT count(*) FROM games WHERE chapter_id = c AND account_id IS NULL AND deleted_at IS NULL),
		activities_count = (SELECT COALESCE(sum(activities_count), 0) FROM games WHERE chapter_id = c AND account_id IS NULL AND deleted_at IS NULL)
	WHERE id = c RETURNING level_id INTO l;
	IF l IS NOT NULL THEN
		UPDATE levels SET
			games_count = (SELECT COALESCE(sum(games_count), 0) FROM chapters WHERE level_id = l AND deleted_at IS NULL),
			activities_count = (SELECT COALESCE(sum(activities_count), 0) FROM chapters WHERE level_id = l AND deleted_at IS NULL)
		WHERE id = l;
	END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "games_chapter_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM chapter_totals(OLD.chapter_id);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.chapter_id IS DISTINCT FROM OLD.chapter_id) THEN
		PERFORM chapter_totals(NEW.chapter_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_chapter_totals_ins_del" AFTER INSERT OR DELETE ON "games" FOR EACH ROW EXECUTE FUNCTION "games_chapter_totals"();
--> statement-breakpoint
CREATE TRIGGER "games_chapter_totals_upd" AFTER UPDATE OF "chapter_id", "account_id", "deleted_at", "activities_count" ON "games" FOR EACH ROW
	WHEN (OLD.chapter_id IS DISTINCT FROM NEW.chapter_id OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.activities_count IS DISTINCT FROM NEW.activities_count)
	EXECUTE FUNCTION "games_chapter_totals"();
--> statement-breakpoint
-- A chapter moved to another level, deleted or restored changes both levels' sums.
CREATE FUNCTION "chapters_level_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE levels SET
		games_count = (SELECT COALESCE(sum(games_count), 0) FROM chapters WHERE level_id = levels.id AND deleted_at IS NULL),
		activities_count = (SELECT COALESCE(sum(activities_count), 0) FROM chapters WHERE level_id = levels.id AND deleted_at IS NULL)
	WHERE id IN (OLD.level_id, NEW.level_id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chapters_level_totals" AFTER UPDATE OF "level_id", "deleted_at" ON "chapters" FOR EACH ROW
	WHEN (OLD.level_id IS DISTINCT FROM NEW.level_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
	EXECUTE FUNCTION "chapters_level_totals"();
--> statement-breakpoint
-- An activity carries its game's state and author (the policy decides on the row it is given).
CREATE FUNCTION "activities_game_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT g.game_status, g.account_id, g.created_by INTO NEW.game_status, NEW.game_account_id, NEW.game_created_by FROM games g WHERE g.id = NEW.game_id;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activities_game_state" BEFORE INSERT OR UPDATE OF "game_id" ON "activities" FOR EACH ROW EXECUTE FUNCTION "activities_game_state"();
--> statement-breakpoint
CREATE FUNCTION "games_activities_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE activities SET game_status = NEW.game_status, game_account_id = NEW.account_id, game_created_by = NEW.created_by WHERE game_id = NEW.id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_activities_state" AFTER UPDATE OF "game_status", "account_id", "created_by" ON "games" FOR EACH ROW
	WHEN (OLD.game_status IS DISTINCT FROM NEW.game_status OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.created_by IS DISTINCT FROM NEW.created_by)
	EXECUTE FUNCTION "games_activities_state"();
