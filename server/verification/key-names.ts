/** The platform's verifier keys by name (keys.ts); alone here so scripts can generate them without the credentials core. */
export const VERIFIER_KEY_NAMES = ["trust-anchor", "verifier-service"] as const;
export type VerifierKeyName = (typeof VERIFIER_KEY_NAMES)[number];
