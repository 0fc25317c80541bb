CREATE INDEX "dictionary_word_prefix_idx" ON "dictionary" USING btree ((lower("word") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "formulations_name_prefix_idx" ON "formulations" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_categories_name_prefix_idx" ON "grammatical_categories" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_items_name_prefix_idx" ON "grammatical_items" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "grammatical_types_name_prefix_idx" ON "grammatical_types" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "skills_name_prefix_idx" ON "skills" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "targets_name_prefix_idx" ON "targets" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topic_types_name_prefix_idx" ON "topic_types" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "topics_name_prefix_idx" ON "topics" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verb_tenses_name_prefix_idx" ON "verb_tenses" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "verbs_base_form_prefix_idx" ON "verbs" USING btree ((lower("base_form") COLLATE "C"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vocabulary_word_prefix_idx" ON "vocabulary" USING btree ((lower("word") COLLATE "C"),"id") WHERE deleted_at IS NULL;