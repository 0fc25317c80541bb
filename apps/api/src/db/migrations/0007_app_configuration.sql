-- Issue 10, point 4: the app configuration, a singleton per module (seed §3, §9; docs/product.md §9).
-- One row per module, created here at the seed's defaults; the API only reads and replaces them.
-- The bounds repeat the shared declaration (packages/shared/src/resources/singletons.ts), so a write
-- that bypasses the API still cannot store a value the screens cannot show.
CREATE TABLE "app_configuration" (
	"module" text PRIMARY KEY NOT NULL,
	"min_rate" integer DEFAULT 50 NOT NULL,
	"game_expiration" integer DEFAULT 2 NOT NULL,
	"point_first_try" integer DEFAULT 10 NOT NULL,
	"point_second_try" integer DEFAULT 1 NOT NULL,
	"point_third_try" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 25 NOT NULL,
	"max_workspace" integer DEFAULT 2 NOT NULL,
	"show_progress_bar" boolean DEFAULT false NOT NULL,
	"show_failed_attemps" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "app_configuration_module_check" CHECK ("module" IN ('MLA', 'MAA')),
	CONSTRAINT "app_configuration_bounds_check" CHECK (
		"min_rate" BETWEEN 0 AND 100 AND "game_expiration" BETWEEN 1 AND 365
		AND "point_first_try" BETWEEN 0 AND 100 AND "point_second_try" BETWEEN 0 AND 100 AND "point_third_try" BETWEEN 0 AND 100
		AND "page_count" BETWEEN 5 AND 100 AND "max_workspace" BETWEEN 1 AND 10),
	CONSTRAINT "app_configuration_points_order_check" CHECK ("point_first_try" >= "point_second_try" AND "point_second_try" >= "point_third_try")
);
--> statement-breakpoint
INSERT INTO "app_configuration" ("module") VALUES ('MLA'), ('MAA');
