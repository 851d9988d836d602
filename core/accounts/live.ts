/**
 * The close code a live console's WebSocket gets when the access that let it in no longer holds
 * (signed out, expired, role or office changed: server/accounts/live-access.ts). 4000-4999 are the
 * application's own codes. A console that sees it stops reconnecting: the next attempt would be refused.
 */
export const ACCESS_CHANGED_CLOSE = 4403;
