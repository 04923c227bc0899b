ALTER TABLE "x402_payments" ADD COLUMN "payment_identifier" text;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "payload_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_payment_identifier_index" ON "x402_payments" USING btree ("payment_identifier");--> statement-breakpoint
ALTER TABLE "x402_payments" ADD CONSTRAINT "x402_payments_identifier_with_payload_hash" CHECK (("x402_payments"."payment_identifier" is null) = ("x402_payments"."payload_hash" is null));