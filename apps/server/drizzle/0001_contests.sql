CREATE TABLE "contest_answers" (
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question_index" integer NOT NULL,
	"user_answer" double precision NOT NULL,
	"time_spent" double precision NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contest_answers_contest_id_user_id_question_index_pk" PRIMARY KEY("contest_id","user_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "contest_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"total_time_ms" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"percentile" integer,
	"badges" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"question_count" integer NOT NULL,
	"seed" text NOT NULL,
	"stage" text DEFAULT 'upcoming' NOT NULL,
	"schedule_slot" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"live_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD CONSTRAINT "contest_attempts_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_attempts" ADD CONSTRAINT "contest_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_attempts_contest_user_key" ON "contest_attempts" USING btree ("contest_id","user_id");--> statement-breakpoint
CREATE INDEX "contest_attempts_user_idx" ON "contest_attempts" USING btree ("user_id","registered_at");--> statement-breakpoint
CREATE INDEX "contest_attempts_rank_idx" ON "contest_attempts" USING btree ("contest_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "contests_schedule_slot_key" ON "contests" USING btree ("schedule_slot");--> statement-breakpoint
CREATE INDEX "contests_open_time_idx" ON "contests" USING btree ("open_time");--> statement-breakpoint
CREATE INDEX "contests_stage_idx" ON "contests" USING btree ("stage","close_time");