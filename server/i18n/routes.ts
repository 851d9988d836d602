import routeMessages from "#core/i18n/route-messages.json";

/** The message ids of the root and of each route module (`npm run i18n`). */
export const ROUTE_MESSAGES: Readonly<Record<string, readonly string[]>> = routeMessages;

/** The message ids a page made of these routes shows: the root's and each route's own. */
export function messageIdsFor(routeIds: readonly string[]): string[] {
  return [...new Set(["root", ...routeIds].flatMap((id) => ROUTE_MESSAGES[id] ?? []))];
}
