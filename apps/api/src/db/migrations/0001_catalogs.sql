CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "dictionary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"type" text NOT NULL,
	"definition" text,
	"example" text,
	"semantic_class" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "formulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"language_type" text NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"example" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grammatical_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"grammatical_function" text,
	"order" integer,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grammatical_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"type_id" uuid NOT NULL,
	"example" text,
	"semantic_complexity" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grammatical_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"category_id" uuid NOT NULL,
	"sentence_syntax" text,
	"semantic_complexity" integer,
	"used_to" text,
	"grammatical_function" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "skill_targets" (
	"skill_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "skill_targets_skill_id_target_id_pk" PRIMARY KEY("skill_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "topic_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"topic_type_id" uuid,
	"picture" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "verb_tenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_es" text,
	"type" text NOT NULL,
	"example" text,
	"grammatical_function" text,
	"order" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "verbs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base_form" text NOT NULL,
	"past_simple" text NOT NULL,
	"past_participle" text NOT NULL,
	"type" text NOT NULL,
	"semantic_complexity" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "vocabulary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"word_es" text,
	"type" text NOT NULL,
	"topic_id" uuid,
	"picture" text,
	"description" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "grammatical_items" ADD CONSTRAINT "grammatical_items_type_id_grammatical_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."grammatical_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grammatical_types" ADD CONSTRAINT "grammatical_types_category_id_grammatical_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."grammatical_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_targets" ADD CONSTRAINT "skill_targets_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_targets" ADD CONSTRAINT "skill_targets_target_id_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_topic_type_id_topic_types_id_fk" FOREIGN KEY ("topic_type_id") REFERENCES "public"."topic_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary" ADD CONSTRAINT "vocabulary_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dictionary_word_sort_idx" ON "dictionary" USING btree ("word","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictionary_type_sort_idx" ON "dictionary" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictionary_semantic_class_sort_idx" ON "dictionary" USING btree ("semantic_class","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictionary_word_trgm_idx" ON "dictionary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dictionary_updated_idx" ON "dictionary" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "formulations_name_sort_idx" ON "formulations" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "formulations_name_unique_idx" ON "formulations" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "formulations_language_type_sort_idx" ON "formulations" USING btree ("language_type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "formulations_name_trgm_idx" ON "formulations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formulations_example_trgm_idx" ON "formulations" USING gin ("example" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formulations_updated_idx" ON "formulations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grammatical_categories_name_sort_idx" ON "grammatical_categories" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "grammatical_categories_name_unique_idx" ON "grammatical_categories" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_categories_name_es_sort_idx" ON "grammatical_categories" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_categories_order_sort_idx" ON "grammatical_categories" USING btree ("order","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_categories_name_trgm_idx" ON "grammatical_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_categories_name_es_trgm_idx" ON "grammatical_categories" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_categories_updated_idx" ON "grammatical_categories" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grammatical_items_name_sort_idx" ON "grammatical_items" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_items_name_es_sort_idx" ON "grammatical_items" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_items_type_id_sort_idx" ON "grammatical_items" USING btree ("type_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_items_semantic_complexity_sort_idx" ON "grammatical_items" USING btree ("semantic_complexity","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_items_name_trgm_idx" ON "grammatical_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_items_name_es_trgm_idx" ON "grammatical_items" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_items_updated_idx" ON "grammatical_items" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "grammatical_types_name_sort_idx" ON "grammatical_types" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "grammatical_types_name_unique_idx" ON "grammatical_types" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_types_name_es_sort_idx" ON "grammatical_types" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_types_category_id_sort_idx" ON "grammatical_types" USING btree ("category_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_types_semantic_complexity_sort_idx" ON "grammatical_types" USING btree ("semantic_complexity","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_types_name_trgm_idx" ON "grammatical_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_types_name_es_trgm_idx" ON "grammatical_types" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grammatical_types_updated_idx" ON "grammatical_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "skill_targets_target_idx" ON "skill_targets" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "skills_name_sort_idx" ON "skills" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_unique_idx" ON "skills" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "skills_name_es_sort_idx" ON "skills" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "skills_name_trgm_idx" ON "skills" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skills_name_es_trgm_idx" ON "skills" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skills_updated_idx" ON "skills" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "targets_name_sort_idx" ON "targets" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "targets_name_unique_idx" ON "targets" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "targets_name_es_sort_idx" ON "targets" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "targets_name_trgm_idx" ON "targets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "targets_name_es_trgm_idx" ON "targets" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "targets_updated_idx" ON "targets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "topic_types_name_sort_idx" ON "topic_types" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "topic_types_name_unique_idx" ON "topic_types" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topic_types_name_es_sort_idx" ON "topic_types" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topic_types_name_trgm_idx" ON "topic_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topic_types_name_es_trgm_idx" ON "topic_types" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topic_types_updated_idx" ON "topic_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "topics_name_sort_idx" ON "topics" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_unique_idx" ON "topics" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topics_name_es_sort_idx" ON "topics" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topics_topic_type_id_sort_idx" ON "topics" USING btree ("topic_type_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topics_name_trgm_idx" ON "topics" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_name_es_trgm_idx" ON "topics" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_updated_idx" ON "topics" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "verb_tenses_name_sort_idx" ON "verb_tenses" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verb_tenses_name_unique_idx" ON "verb_tenses" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verb_tenses_name_es_sort_idx" ON "verb_tenses" USING btree ("name_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verb_tenses_type_sort_idx" ON "verb_tenses" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verb_tenses_order_sort_idx" ON "verb_tenses" USING btree ("order","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verb_tenses_name_trgm_idx" ON "verb_tenses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verb_tenses_name_es_trgm_idx" ON "verb_tenses" USING gin ("name_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verb_tenses_updated_idx" ON "verb_tenses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "verbs_base_form_sort_idx" ON "verbs" USING btree ("base_form","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verbs_base_form_unique_idx" ON "verbs" USING btree (lower("base_form")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_past_simple_sort_idx" ON "verbs" USING btree ("past_simple","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_past_participle_sort_idx" ON "verbs" USING btree ("past_participle","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_type_sort_idx" ON "verbs" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_semantic_complexity_sort_idx" ON "verbs" USING btree ("semantic_complexity","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_base_form_trgm_idx" ON "verbs" USING gin ("base_form" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verbs_past_simple_trgm_idx" ON "verbs" USING gin ("past_simple" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verbs_past_participle_trgm_idx" ON "verbs" USING gin ("past_participle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verbs_updated_idx" ON "verbs" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "vocabulary_word_sort_idx" ON "vocabulary" USING btree ("word","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vocabulary_word_es_sort_idx" ON "vocabulary" USING btree ("word_es","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vocabulary_type_sort_idx" ON "vocabulary" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vocabulary_topic_id_sort_idx" ON "vocabulary" USING btree ("topic_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vocabulary_word_trgm_idx" ON "vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vocabulary_word_es_trgm_idx" ON "vocabulary" USING gin ("word_es" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vocabulary_updated_idx" ON "vocabulary" USING btree ("updated_at","id");