import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildCredentialCertificate, findCertificateCredential } from "#server/certificates/certificates.ts";
import { checkCredentialNow, credentialAttributes } from "#server/credentials/credentials.ts";
import { ServiceError } from "#server/http/errors.ts";
import { createShare } from "#server/shares/shares.ts";
import { credentialContext } from "#server/credentials/context.ts";
import { requireUser } from "#server/accounts/authentication.ts";

/** The share a certificate's QR code opens (it appears in the user's shares like any other). */
const CERTIFICATE_SHARE_PURPOSE = "Certificate download";

const notFound = () =>
  new Response("Certificate not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /credentials/<type>_certificate.pdf (spec 000 §7 "Credential downloads"; issue 4): the
 * signed-in user's own credential of that type as a PDF certificate, downloaded as a file.
 * The path means the newest listed credential of the type; `?credential=<id>` names an older
 * listed one (server/certificates/certificates.ts certificatePath). Signed out: to /login.
 * Anybody else's credential, an unknown file name or a type the user does not hold: 404.
 *
 * Each download makes a 24-hour share whose link the QR code carries, so the printed certificate
 * can be checked; a revoked or expired credential cannot be shared and gets no QR code.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const fileName = params.certificate ?? "";
  const now = new Date();
  const { db, keys, base, fetchStatus } = await credentialContext(context, request.url);
  const credential = await findCertificateCredential(db, user.id, fileName, new URL(request.url).searchParams.get("credential"), now);
  if (!credential) return notFound();

  const [attributes, check] = await Promise.all([
    credentialAttributes(credential),
    checkCredentialNow({ vcJwt: credential.vcJwt, type: credential.type, keys, base, fetchStatus, storedStatus: credential.status, now }),
  ]);
  let verification: { url: string; expiresAt: string } | null = null;
  try {
    const share = await createShare(db, user.id, credential.id, { purpose: CERTIFICATE_SHARE_PURPOSE }, now);
    // The origin the user is on, as the share dialog builds its link.
    verification = { url: `${new URL(request.url).origin}${share.verifyPath}`, expiresAt: share.expiryDate };
  } catch (error) {
    if (!(error instanceof ServiceError && error.code === "NOT_SHAREABLE")) throw error;
  }

  const pdf = await buildCredentialCertificate({ credential, attributes, check, verification, now });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
