-- Issue 20 (ADR 034): each verifier organisation keeps the base its client identifier was fixed to
-- at registration and the Verifier Attestation the web worker signed for it (with its expiry).
-- Organisations registered before have neither: they make no request until their attestation is
-- renewed (the web worker's daily run, or an administrator).
ALTER TABLE `verifier_organisations` ADD `identifier_base` text;--> statement-breakpoint
ALTER TABLE `verifier_organisations` ADD `attestation` text;--> statement-breakpoint
ALTER TABLE `verifier_organisations` ADD `attestation_expires_at` integer;