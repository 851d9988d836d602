/**
 * The platform's verifier keys by name (keys.ts; who holds which: ADR 034); alone here so scripts
 * can generate them without the credentials core.
 *  - "trust-anchor": signs organisations' Verifier Attestations; the web worker's alone.
 *  - "verifier-service": signs request objects and receipts; the verifier worker's alone.
 */
export const VERIFIER_KEY_NAMES = ["trust-anchor", "verifier-service"] as const;
export type VerifierKeyName = (typeof VERIFIER_KEY_NAMES)[number];
