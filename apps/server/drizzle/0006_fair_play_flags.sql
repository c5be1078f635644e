CREATE TABLE "fair_play_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fair_play_flags" ADD CONSTRAINT "fair_play_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fair_play_flags_source_idx" ON "fair_play_flags" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "fair_play_flags_open_idx" ON "fair_play_flags" USING btree ("cleared_at","flagged_at");