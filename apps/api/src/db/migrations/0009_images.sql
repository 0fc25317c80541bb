-- Issue 11: the image gallery. Folders and images belong to an account (none: the library's); a
-- private one exists for its owner only. The bytes live in storage under the three keys, each
-- written without metadata; the uploaded bytes are never kept as they came.
CREATE TABLE "image_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_private" boolean DEFAULT true NOT NULL,
	"images_count" integer DEFAULT 0 NOT NULL,
	"account_id" uuid REFERENCES "accounts"("id"),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"alt" text NOT NULL,
	"description" text,
	"folder_id" uuid REFERENCES "image_folders"("id"),
	"is_private" boolean DEFAULT true NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL CHECK ("width" > 0),
	"height" integer NOT NULL CHECK ("height" > 0),
	"size" integer NOT NULL CHECK ("size" >= 0),
	"original_key" text NOT NULL,
	"medium_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"sha256" text NOT NULL,
	"account_id" uuid REFERENCES "accounts"("id"),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE INDEX "image_folders_name_sort_idx" ON "image_folders" USING btree ("name","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "image_folders_images_count_sort_idx" ON "image_folders" USING btree ("images_count","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "image_folders_updated_idx" ON "image_folders" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "image_folders_account_idx" ON "image_folders" USING btree ("account_id","created_by") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "image_folders_name_trgm_idx" ON "image_folders" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "image_folders_name_prefix_idx" ON "image_folders" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_name_sort_idx" ON "images" USING btree ("name","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_folder_id_sort_idx" ON "images" USING btree ("folder_id","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_size_sort_idx" ON "images" USING btree ("size","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_created_at_sort_idx" ON "images" USING btree ("created_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_updated_idx" ON "images" USING btree ("updated_at","id");
--> statement-breakpoint
CREATE INDEX "images_account_idx" ON "images" USING btree ("account_id","created_by") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "images_name_trgm_idx" ON "images" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "images_name_prefix_idx" ON "images" USING btree ((lower("name") COLLATE "C"),"id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A folder's count of live images, kept by the writes that change it.
CREATE FUNCTION "image_folder_count"(f uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF f IS NOT NULL THEN
		UPDATE image_folders SET images_count = (SELECT count(*) FROM images WHERE folder_id = f AND deleted_at IS NULL) WHERE id = f;
	END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "images_folder_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM image_folder_count(OLD.folder_id);
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.folder_id IS DISTINCT FROM OLD.folder_id) THEN
		PERFORM image_folder_count(NEW.folder_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "images_folder_count_ins_del" AFTER INSERT OR DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "images_folder_count"();
--> statement-breakpoint
CREATE TRIGGER "images_folder_count_upd" AFTER UPDATE OF "folder_id", "deleted_at" ON "images" FOR EACH ROW
	WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION "images_folder_count"();
--> statement-breakpoint
-- Whether a platform file is a library activity's audio prompt (files scope): looked up by file.
CREATE INDEX "activities_audio_idx" ON "activities" USING btree ("audio_id") WHERE audio_id IS NOT NULL;
