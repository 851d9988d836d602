import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/server-runtime";
import { ROUTE_MESSAGES } from "#server/i18n/routes.ts";

/**
 * Which route modules answer a path, by the ids `npm run i18n` lists their messages under. A
 * route declared twice in remix.config.js (/citizen-wallet is /wallet's module) counts as the
 * module's own id.
 */
export function routeMatcher(routes: ServerBuild["routes"]): (pathname: string) => string[] {
  const byModule = new Map<unknown, string>();
  for (const [id, route] of Object.entries(routes)) if (id in ROUTE_MESSAGES) byModule.set(route.module, id);
  const canonical = (id: string) => (id in ROUTE_MESSAGES ? id : (byModule.get(routes[id]?.module) ?? id));

  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
      );
  const tree = children(undefined);
  return (pathname) => (matchRoutes(tree, pathname) ?? []).map((match) => canonical(match.route.id!));
}
