import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { methodNotAllowed } from "#server/http/json.ts";

/** Spec 000 §7: the client's "log in again" navigation lands here; the sign-in page is /login. */
export function loader() {
  return redirect("/login");
}

export function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
