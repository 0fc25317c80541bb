-- The audit log screen reads newest first, across accounts for platform staff.
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at", "id");--> statement-breakpoint
-- Issue 4: accounts, organizations, plans, billings, users (profile fields on the user row), clients
-- (users with role STUDENT), workspaces and their members. Every tenant-owned row carries account_id.
ALTER TABLE "users" ADD COLUMN "first_name" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" text GENERATED ALWAYS AS (btrim("first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ssn" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ssn_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "relationship_to_student" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "apt" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_by_email" boolean NOT NULL DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_workspaces" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "first_name" = p."first_name", "last_name" = p."last_name", "gender" = p."gender", "birthday" = p."birthday",
  "occupation" = p."occupation", "job_title" = p."job_title", "relationship_to_student" = p."relationship_to_student", "phone" = p."phone",
  "country" = p."country", "state" = p."state", "city" = p."city", "street" = p."street", "apt" = p."apt", "zipcode" = p."zipcode",
  "notify_by_email" = p."notify_by_email"
  FROM "user_profiles" p WHERE p."user_id" = u."id";--> statement-breakpoint
UPDATE "users" SET "client_status" = 'active' WHERE "role" = 'STUDENT';--> statement-breakpoint
DROP TABLE "user_profiles";--> statement-breakpoint
ALTER INDEX "users_email_lower_idx" RENAME TO "users_email_unique_idx";--> statement-breakpoint
ALTER INDEX "users_username_lower_idx" RENAME TO "users_username_unique_idx";--> statement-breakpoint
CREATE INDEX "users_account_last_name_idx" ON "users" ("account_id", "last_name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
-- The two lists of an account (its adults, its students) each walk their own partial index in name order.
CREATE INDEX "users_account_adults_idx" ON "users" ("account_id", "last_name", "id") WHERE deleted_at IS NULL AND role <> 'STUDENT';--> statement-breakpoint
CREATE INDEX "users_account_students_idx" ON "users" ("account_id", "last_name", "id") WHERE deleted_at IS NULL AND role = 'STUDENT';--> statement-breakpoint
CREATE INDEX "users_created_by_students_idx" ON "users" ("created_by") WHERE role = 'STUDENT';--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" ("last_name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" ("first_name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" ("full_name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" ("username", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" ("email", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" ("role", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" ((lower("full_name") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" ("name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_name_prefix_idx" ON "accounts" ((lower("name") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "organizations" o SET "name" = a."name" FROM "accounts" a WHERE a."id" = o."account_id";--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
DROP INDEX "organizations_account_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_account_id_unique_idx" ON "organizations" ("account_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" ("name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_name_prefix_idx" ON "organizations" ((lower("name") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "plans_code_unique_idx" ON "plans" (lower("code")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "plans_code_prefix_idx" ON "plans" ((lower("code") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE "billings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"product" text NOT NULL,
	"plan_id" uuid REFERENCES "plans"("id"),
	"statement_frequency" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"start_date" date NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE INDEX "billings_account_idx" ON "billings" ("account_id", "product", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "billings_product_prefix_idx" ON "billings" ((lower("product") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"student_id" uuid NOT NULL REFERENCES "users"("id"),
	"supervisor_id" uuid REFERENCES "users"("id"),
	"summary_period" text,
	"total_users" integer NOT NULL DEFAULT 0,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE INDEX "workspaces_account_name_idx" ON "workspaces" ("account_id", "name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_name_idx" ON "workspaces" ("name", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_name_prefix_idx" ON "workspaces" ((lower("name") COLLATE "C"), "id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_student_idx" ON "workspaces" ("student_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_supervisor_idx" ON "workspaces" ("supervisor_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"workspace_role" text NOT NULL,
	"relationship_to_student" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_user_idx" ON "workspace_members" ("workspace_id", "user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" ("user_id", "workspace_id");--> statement-breakpoint
-- Totals shown in the lists (users.total_workspaces, workspaces.total_users), kept by the database.
-- users.total_workspaces: live workspaces a user is the student, the supervisor or a member of.
CREATE FUNCTION "refresh_user_workspaces"(people uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET total_workspaces = (
    SELECT count(DISTINCT x.id) FROM workspaces x
    WHERE x.deleted_at IS NULL AND (x.student_id = u.id OR x.supervisor_id = u.id OR EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = x.id AND m.user_id = u.id)))
  WHERE u.id = ANY(people);
$$;--> statement-breakpoint
-- A workspace's member count, and the totals of everyone in it.
CREATE FUNCTION "refresh_workspace_totals"(ws uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE workspaces w SET total_users = (SELECT count(*) FROM workspace_members m WHERE m.workspace_id = w.id) WHERE w.id = ws;
  SELECT refresh_user_workspaces(ARRAY(SELECT student_id FROM workspaces WHERE id = ws UNION SELECT supervisor_id FROM workspaces WHERE id = ws UNION SELECT user_id FROM workspace_members WHERE workspace_id = ws));
$$;--> statement-breakpoint
CREATE FUNCTION "workspace_members_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- The removed member is no longer in the workspace: refresh them by name.
    PERFORM refresh_workspace_totals(OLD.workspace_id);
    PERFORM refresh_user_workspaces(ARRAY[OLD.user_id]);
    RETURN OLD;
  END IF;
  PERFORM refresh_workspace_totals(NEW.workspace_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "workspace_members_totals_trg" AFTER INSERT OR DELETE ON "workspace_members" FOR EACH ROW EXECUTE FUNCTION workspace_members_totals();--> statement-breakpoint
CREATE FUNCTION "workspaces_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_workspace_totals(NEW.id);
  -- A student or supervisor who left the workspace is refreshed too.
  IF TG_OP = 'UPDATE' THEN PERFORM refresh_user_workspaces(ARRAY[OLD.student_id, OLD.supervisor_id]); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "workspaces_totals_trg" AFTER INSERT OR UPDATE OF deleted_at, student_id, supervisor_id ON "workspaces" FOR EACH ROW EXECUTE FUNCTION workspaces_totals();
