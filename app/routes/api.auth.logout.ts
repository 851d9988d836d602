import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { clientAddress } from "#server/accounts/authentication.ts";
import { clearSessionCookie, destroySession } from "#server/accounts/session.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { audit } from "#server/observability/audit.ts";

/** Spec 000 §7 POST /api/auth/logout: the session row is deleted (not just the cookie). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const ended = await destroySession(request, context);
  if (ended)
    audit(context, {
      level: "info",
      category: "auth",
      event: "logout",
      userId: ended.userId,
      ip: clientAddress(request),
    });
  return json(
    { message: "Signed out" },
    { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
