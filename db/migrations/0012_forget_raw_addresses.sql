-- Issue 12 (ADR 020): analytics keeps no raw IP address or user agent. Rows written before this
-- release held both; they are forgotten rather than hashed (yesterday's salt must not exist).
UPDATE `analytics_events` SET `ip_address` = NULL, `user_agent` = NULL WHERE `ip_address` IS NOT NULL AND length(`ip_address`) <> 64;--> statement-breakpoint
UPDATE `user_sessions` SET `ip_address` = NULL, `user_agent` = NULL WHERE `ip_address` IS NOT NULL AND length(`ip_address`) <> 64;
