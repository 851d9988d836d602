import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { downloadLocale, pdfResponse, verificationCertificate } from "#server/certificates/downloads.ts";
import { credentialContext } from "#server/credentials/context.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * GET /api/shares/download/{id} (spec 000 §7: share PDFs use the downloadUrl under
 * /api/shares/download/ and open in a new tab): the signed verification certificate of one of the
 * signed-in user's own shares, served inline with a file name. Another user's share, a malformed
 * id or an unknown one: 404; signed out: 401.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The full user: their saved language picks the PDF's (downloads.ts downloadLocale).
  const { user } = await requireSession(request, context);
  const file = await verificationCertificate(
    await credentialContext(context, request.url),
    user.id,
    params.id ?? "",
    new URL(request.url).origin,
    downloadLocale(request, user),
  );
  return file
    ? pdfResponse(file, "inline")
    : json({ message: "Share not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
