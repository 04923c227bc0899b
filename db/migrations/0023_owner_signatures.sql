CREATE TABLE "owner_signatures" (
	"domain" text PRIMARY KEY NOT NULL,
	"sealed_headers" text NOT NULL,
	"signed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"registered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
