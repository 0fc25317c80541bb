-- One statement per completed billing period (statement frequency from the billing periods), listed per account.
CREATE TABLE "billing_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_id" uuid NOT NULL REFERENCES "billings"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_statements_billing_period_idx" ON "billing_statements" ("billing_id", "period_start");--> statement-breakpoint
CREATE INDEX "billing_statements_account_idx" ON "billing_statements" ("account_id", "period_start" DESC, "id");
