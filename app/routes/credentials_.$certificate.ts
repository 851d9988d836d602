import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { credentialCertificate, downloadLocale, pdfResponse } from "#server/certificates/downloads.ts";
import { credentialContext } from "#server/credentials/context.ts";

const notFound = () =>
  new Response("Certificate not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /credentials/<type>_certificate.pdf (spec 000 §7 "Credential downloads"): the signed-in user's own
 * credential of that type as a PDF certificate, downloaded as a file. The path means the newest
 * listed credential of the type; `?credential=<id>` names an older listed one
 * (server/certificates/certificates.ts certificatePath). Signed out: to /login. Anybody else's
 * credential, an unknown file name or a type the user does not hold: 404.
 *
 * Download Certificate POSTs (issue 20): only the holder's own POST, which the worker's origin
 * check guards, makes the 24-hour link the QR code opens. A GET, which another site can make a
 * signed-in browser send, prints the certificate link already open, or none.
 */
async function certificate({ request, context, params }: LoaderFunctionArgs, makeLink: boolean) {
  // The full user: their saved language picks the PDF's (downloads.ts downloadLocale).
  const { user } = await requireSession(request, context);
  const url = new URL(request.url);
  const file = await credentialCertificate(
    await credentialContext(context, request.url),
    user.id,
    params.certificate ?? "",
    url.searchParams.get("credential"),
    url.origin,
    makeLink,
    downloadLocale(request, user),
  );
  return file ? pdfResponse(file, "attachment") : notFound();
}

export async function loader(args: LoaderFunctionArgs) {
  return certificate(args, false);
}

export async function action(args: ActionFunctionArgs) {
  return certificate(args, true);
}
