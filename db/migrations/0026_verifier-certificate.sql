-- Issue 23 (ADR 051): each verifier organisation keeps its certificate chain for x509_hash
-- requests, made with its attestation. Organisations registered before have none: their x509_hash
-- requests are refused until the attestation is renewed (the web worker's daily run signs both).
ALTER TABLE `verifier_organisations` ADD `x509_chain` text;
