-- The relay's claim (core/mail/mail-service.ts) reads the pending mails in id order. An index over every status
-- kept an entry for each mail ever sent, and PGlite, which never vacuums, kept the dead 'pending' entries of every
-- sent mail too: with 20,000 mails sent a claim read 3,500 blocks (19-27 ms, every request waiting behind it). This
-- index holds only the mails still to send (decision 038).
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" = 'pending';