export * from "./accounts.ts";
export * from "./credentials.ts";
export * from "./issuance.ts";
export * from "./observability.ts";
export * from "./operations.ts";
export * from "./trust.ts";
export * from "./wallet.ts";
