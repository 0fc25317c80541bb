-- Issue 10, point 4: stored files (bytes in the configured storage, this row once they are complete), and an
-- index led by every sortable column of the tenancy resources (accounts.amount had none; checked by
-- crud/sortable-indexes.test.ts).
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_account_idx" ON "files" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "accounts_type_sort_idx" ON "accounts" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_membership_type_sort_idx" ON "accounts" USING btree ("membership_type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_membership_length_sort_idx" ON "accounts" USING btree ("membership_length","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_start_date_sort_idx" ON "accounts" USING btree ("start_date","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_amount_sort_idx" ON "accounts" USING btree ("amount","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_max_students_sort_idx" ON "accounts" USING btree ("max_students","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "accounts_max_adults_sort_idx" ON "accounts" USING btree ("max_adults","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "billings_product_sort_idx" ON "billings" USING btree ("product","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "billings_statement_frequency_sort_idx" ON "billings" USING btree ("statement_frequency","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "billings_amount_sort_idx" ON "billings" USING btree ("amount","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "billings_start_date_sort_idx" ON "billings" USING btree ("start_date","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_entity_type_sort_idx" ON "organizations" USING btree ("entity_type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_tax_code_sort_idx" ON "organizations" USING btree ("tax_code","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_license_code_sort_idx" ON "organizations" USING btree ("license_code","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "plans_code_sort_idx" ON "plans" USING btree ("code","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "plans_description_sort_idx" ON "plans" USING btree ("description","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "plans_price_sort_idx" ON "plans" USING btree ("price","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_status_sort_idx" ON "users" USING btree ("status","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_total_workspaces_sort_idx" ON "users" USING btree ("total_workspaces","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_client_status_sort_idx" ON "users" USING btree ("client_status","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_type_sort_idx" ON "workspaces" USING btree ("type","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workspaces_total_users_sort_idx" ON "workspaces" USING btree ("total_users","id") WHERE deleted_at IS NULL;