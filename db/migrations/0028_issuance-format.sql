-- Issue 23 (ADR 053): what an issuance's copies are. SD-JWT VCs (every issuance before) are kept
-- as credential rows and revocable; the DVLA's mDL mdocs carry no status and are not kept as rows,
-- so the person's history says so rather than calling them revoked.
ALTER TABLE `credential_issuances` ADD `format` text DEFAULT 'dc+sd-jwt' NOT NULL;
