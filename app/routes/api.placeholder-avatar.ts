import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { avatarSvg } from "#app/components/avatar.ts";
import { displayName } from "#core/accounts/users.ts";
import { getUser } from "#server/accounts/authentication.ts";

/**
 * GET /api/placeholder-avatar (spec 000 §2, the header's avatar fallback): the signed-in person's
 * initials, or a neutral silhouette for a visitor. The name comes from the session only; query
 * parameters are ignored, so no name is ever put in a URL.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const name = user ? displayName(user) : undefined;
  return new Response(avatarSvg(name), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The picture depends on who is signed in: never in a shared cache, and a browser keeps one
      // copy per session cookie (a different person signing in on the same browser gets theirs).
      "Cache-Control": "private, max-age=300",
      Vary: "Cookie",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
