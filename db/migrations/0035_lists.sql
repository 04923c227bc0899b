CREATE TABLE "list_stores" (
	"list_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_stores_list_id_store_id_pk" PRIMARY KEY("list_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"segment" jsonb,
	"alerts" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_segment_kind" CHECK (("lists"."kind" = 'segment') = ("lists"."segment" is not null)),
	CONSTRAINT "lists_name_length" CHECK (char_length("lists"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "list_stores" ADD CONSTRAINT "list_stores_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_stores" ADD CONSTRAINT "list_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_stores_store_id_index" ON "list_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "lists_user_id_created_at_index" ON "lists" USING btree ("user_id","created_at");