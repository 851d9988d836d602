import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getUser } from "~/utils/auth.server";
import { avatarSvg } from "~/utils/avatar";

/**
 * Spec 000 §2: the header's avatar fallback, for `?name=` when given, else the signed-in user.
 */
const QuerySchema = z.object({ name: z.string().trim().max(100).optional() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const requested = query.success ? query.data.name || undefined : undefined;
  let name = requested;
  if (!name) {
    const user = await getUser(request, context);
    name = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username : undefined;
  }
  return new Response(avatarSvg(name), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // Private: without ?name= the picture depends on the session cookie.
      "Cache-Control": requested ? "private, max-age=86400" : "private, max-age=300",
      Vary: "Cookie",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
