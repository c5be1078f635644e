CREATE TABLE "daily_answers" (
	"user_id" text NOT NULL,
	"date" text NOT NULL,
	"section_key" text NOT NULL,
	"question_index" integer NOT NULL,
	"user_answer" double precision,
	"is_correct" boolean NOT NULL,
	"time_ms" integer NOT NULL,
	CONSTRAINT "daily_answers_user_id_date_section_key_question_index_pk" PRIMARY KEY("user_id","date","section_key","question_index")
);
--> statement-breakpoint
CREATE TABLE "daily_badges" (
	"user_id" text NOT NULL,
	"badge" text NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_badges_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
CREATE TABLE "daily_comment_votes" (
	"comment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote_type" text NOT NULL,
	CONSTRAINT "daily_comment_votes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"section_key" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_opens" (
	"user_id" text NOT NULL,
	"date" text NOT NULL,
	"section_key" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_opens_user_id_date_section_key_pk" PRIMARY KEY("user_id","date","section_key")
);
--> statement-breakpoint
CREATE TABLE "daily_season_totals" (
	"season" text NOT NULL,
	"user_id" text NOT NULL,
	"season_points" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_season_totals_season_user_id_pk" PRIMARY KEY("season","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_submissions" (
	"user_id" text NOT NULL,
	"date" text NOT NULL,
	"section_key" text NOT NULL,
	"practice_points" integer NOT NULL,
	"base_points" integer NOT NULL,
	"speed_bonus" integer NOT NULL,
	"correct_count" integer NOT NULL,
	"total" integer NOT NULL,
	"time_taken_ms" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_submissions_user_id_date_section_key_pk" PRIMARY KEY("user_id","date","section_key")
);
--> statement-breakpoint
ALTER TABLE "daily_badges" ADD CONSTRAINT "daily_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_comment_votes" ADD CONSTRAINT "daily_comment_votes_comment_id_daily_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."daily_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_comment_votes" ADD CONSTRAINT "daily_comment_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_comments" ADD CONSTRAINT "daily_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_opens" ADD CONSTRAINT "daily_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_season_totals" ADD CONSTRAINT "daily_season_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_submissions" ADD CONSTRAINT "daily_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_comments_section_idx" ON "daily_comments" USING btree ("date","section_key","created_at");--> statement-breakpoint
CREATE INDEX "daily_season_totals_rank_idx" ON "daily_season_totals" USING btree ("season","season_points" DESC,"updated_at");--> statement-breakpoint
CREATE INDEX "daily_season_totals_updated_idx" ON "daily_season_totals" USING btree ("season","updated_at");--> statement-breakpoint
CREATE INDEX "daily_submissions_rank_idx" ON "daily_submissions" USING btree ("date","section_key","practice_points" DESC,"time_taken_ms","submitted_at");