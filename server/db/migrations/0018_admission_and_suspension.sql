CREATE TABLE "community_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"admission" text DEFAULT 'open' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_settings_one_row" CHECK ("community_settings"."id" = 1),
	CONSTRAINT "community_settings_admission" CHECK ("community_settings"."admission" in ('open', 'approval', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invites_uses" CHECK ("invites"."uses" >= 0 and ("invites"."max_uses" is null or "invites"."uses" <= "invites"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "membership" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_created_idx" ON "invites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("created_at") WHERE "users"."membership" <> 'active';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_membership" CHECK ("users"."membership" in ('active', 'pending', 'declined'));