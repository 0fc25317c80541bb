-- Issue 10 point 4: levels and their ordered chapters (curriculum shared by every account).
CREATE TABLE "levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer,
	"slug" text NOT NULL,
	"notes" text,
	"chapters_count" integer DEFAULT 0 NOT NULL,
	"games_count" integer DEFAULT 0 NOT NULL,
	"activities_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"level_id" uuid NOT NULL REFERENCES "levels"("id"),
	"position" integer NOT NULL CHECK ("position" >= 1),
	"notes" text,
	"games_count" integer DEFAULT 0 NOT NULL,
	"activities_count" integer DEFAULT 0 NOT NULL,
	"evaluations_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "level_types" (
	"level_id" uuid NOT NULL REFERENCES "levels"("id"),
	"type_id" uuid NOT NULL REFERENCES "grammatical_types"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "level_types_pk" PRIMARY KEY("level_id","type_id")
);
--> statement-breakpoint
CREATE INDEX "level_types_type_id_idx" ON "level_types" USING btree ("type_id");
--> statement-breakpoint
CREATE TABLE "level_verb_tenses" (
	"level_id" uuid NOT NULL REFERENCES "levels"("id"),
	"verb_tense_id" uuid NOT NULL REFERENCES "verb_tenses"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "level_verb_tenses_pk" PRIMARY KEY("level_id","verb_tense_id")
);
--> statement-breakpoint
CREATE INDEX "level_verb_tenses_verb_tense_id_idx" ON "level_verb_tenses" USING btree ("verb_tense_id");
--> statement-breakpoint
CREATE TABLE "level_goals" (
	"level_id" uuid NOT NULL REFERENCES "levels"("id"),
	"target_id" uuid NOT NULL REFERENCES "targets"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "level_goals_pk" PRIMARY KEY("level_id","target_id")
);
--> statement-breakpoint
CREATE INDEX "level_goals_target_id_idx" ON "level_goals" USING btree ("target_id");
--> statement-breakpoint
CREATE TABLE "chapter_goals" (
	"chapter_id" uuid NOT NULL REFERENCES "chapters"("id"),
	"target_id" uuid NOT NULL REFERENCES "targets"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "chapter_goals_pk" PRIMARY KEY("chapter_id","target_id")
);
--> statement-breakpoint
CREATE INDEX "chapter_goals_target_id_idx" ON "chapter_goals" USING btree ("target_id");
--> statement-breakpoint
CREATE TABLE "chapter_vocabulary" (
	"chapter_id" uuid NOT NULL REFERENCES "chapters"("id"),
	"word_id" uuid NOT NULL REFERENCES "dictionary"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "chapter_vocabulary_pk" PRIMARY KEY("chapter_id","word_id")
);
--> statement-breakpoint
CREATE INDEX "chapter_vocabulary_word_id_idx" ON "chapter_vocabulary" USING btree ("word_id");
--> statement-breakpoint
CREATE TABLE "chapter_formulations" (
	"chapter_id" uuid NOT NULL REFERENCES "chapters"("id"),
	"formulation_id" uuid NOT NULL REFERENCES "formulations"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "chapter_formulations_pk" PRIMARY KEY("chapter_id","formulation_id")
);
--> statement-breakpoint
CREATE INDEX "chapter_formulations_formulation_id_idx" ON "chapter_formulations" USING btree ("formulation_id");
--> statement-breakpoint
CREATE INDEX "levels_name_sort_idx" ON "levels" USING btree ("name","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "levels_position_sort_idx" ON "levels" USING btree ("position","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "levels_slug_sort_idx" ON "levels" USING btree ("slug","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "levels_name_trgm_idx" ON "levels" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "levels_name_prefix_idx" ON "levels" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "levels_updated_idx" ON "levels" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "chapters_name_sort_idx" ON "chapters" USING btree ("name","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "chapters_level_id_sort_idx" ON "chapters" USING btree ("level_id","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "chapters_position_sort_idx" ON "chapters" USING btree ("position","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "chapters_name_trgm_idx" ON "chapters" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "chapters_name_prefix_idx" ON "chapters" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "chapters_updated_idx" ON "chapters" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "levels_name_unique_idx" ON "levels" USING btree (lower("name")) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "levels_slug_unique_idx" ON "levels" USING btree (lower("slug")) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- No two live chapters of a level share a place; checked at commit, so a renumbering may pass through duplicates.
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_level_position_excl" EXCLUDE USING btree ("level_id" WITH =, "position" WITH =) WHERE (deleted_at IS NULL) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The live chapters of every level touched by a transaction sit at 1..n, checked at commit: a gap cannot be committed.
CREATE FUNCTION "chapters_positions_gap_free"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bad integer;
BEGIN
	SELECT count(*) INTO bad FROM (
		SELECT position, row_number() OVER (ORDER BY position) AS n
		FROM chapters WHERE level_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.level_id ELSE NEW.level_id END) AND deleted_at IS NULL
	) x WHERE x.position <> x.n;
	IF bad > 0 THEN
		RAISE EXCEPTION 'chapters of level % are not numbered 1..n', (CASE WHEN TG_OP = 'DELETE' THEN OLD.level_id ELSE NEW.level_id END) USING ERRCODE = '23514';
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.level_id IS DISTINCT FROM NEW.level_id THEN
		SELECT count(*) INTO bad FROM (
			SELECT position, row_number() OVER (ORDER BY position) AS n FROM chapters WHERE level_id = OLD.level_id AND deleted_at IS NULL
		) x WHERE x.position <> x.n;
		IF bad > 0 THEN
			RAISE EXCEPTION 'chapters of level % are not numbered 1..n', OLD.level_id USING ERRCODE = '23514';
		END IF;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "chapters_positions_gap_free" AFTER INSERT OR UPDATE OR DELETE ON "chapters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "chapters_positions_gap_free"();
