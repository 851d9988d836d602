import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CreateSessionBody } from "#core/assisted/api.ts";
import { assistedCall, createSession, listSessions } from "#server/assisted/sessions.ts";
import { assertMethod, parseBody } from "#server/http/json.ts";

/** GET /api/assisted/sessions: the sessions of the caller's office, newest first (administrators: every office). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return assistedCall(request, context, (assisted, staff) => listSessions(assisted.db, staff));
}

/** POST /api/assisted/sessions: New Assisted Session ("New Client", "Digital Identity Setup", step 1 of 5). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return assistedCall(
    request,
    context,
    async (assisted, staff) => createSession(assisted, staff, await parseBody(request, CreateSessionBody)),
    201,
  );
}
