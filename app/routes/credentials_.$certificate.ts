import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { credentialCertificate, pdfResponse } from "#server/certificates/downloads.ts";
import { credentialContext } from "#server/credentials/context.ts";

const notFound = () =>
  new Response("Certificate not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /credentials/<type>_certificate.pdf (spec 000 §7 "Credential downloads"): the signed-in
 * user's own credential of that type as a PDF certificate, downloaded as a file. The path means
 * the newest listed credential of the type; `?credential=<id>` names an older listed one
 * (server/certificates/certificates.ts certificatePath). Signed out: to /login. Anybody else's
 * credential, an unknown file name or a type the user does not hold: 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const file = await credentialCertificate(
    await credentialContext(context, request.url),
    user.id,
    params.certificate ?? "",
    url.searchParams.get("credential"),
    url.origin,
  );
  return file ? pdfResponse(file, "attachment") : notFound();
}
