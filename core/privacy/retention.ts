/**
 * How long the platform keeps its records (issue 20, ADR 031). One declaration for the two sides
 * that must agree: the Housekeeper's retention (server/analytics/retention.ts) deletes by these
 * periods, and the privacy policy (server/legal/privacy-policy.ts) states them.
 * Neither is configurable: a deployment that kept rows longer would make the policy untrue.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Verification records (`presentations`, and the OpenID4VP requests they answer): 2 years after
 * the check. The Home Office asks an employer to keep its record of a right-to-work check for the
 * employment and 2 years after it; the employer's own copy is the receipt the portal gives, which
 * it keeps with the employee's file. The platform cannot know when an employment ends, so it keeps
 * its record for the statutory 2 years counted from the check: enough for a check that led to no
 * employment or a short one, and for the employer to fetch a receipt it did not keep, and no longer.
 */
export const VERIFICATION_RECORD_RETENTION = { days: 730, ms: 730 * DAY_MS, display: "2 years" } as const;

/**
 * The audit trail (system_logs rows of the audit categories, Gabriel's audit log): 12 months, long
 * enough to investigate an incident found months after it happened (sign-ins and their addresses,
 * refused access, staff and administrators' acts), then deleted.
 */
export const AUDIT_RETENTION = { days: 365, ms: 365 * DAY_MS, display: "12 months" } as const;

/**
 * The wallet's activity log (`wallet_events`: Recent Activity on the wallet and the dashboard):
 * 12 months after each event. It is the person's own view of what happened to their credentials
 * and account (issued, revoked, shared, checked by whom, passkey or password changed), kept to spot
 * what they did not do; an event of a check copies part of a verification record, and a security
 * notice mirrors an audit row, so it is kept no longer than the audit trail, and never as long as
 * the verification records.
 */
export const WALLET_ACTIVITY_RETENTION = { days: 365, ms: 365 * DAY_MS, display: "12 months" } as const;
