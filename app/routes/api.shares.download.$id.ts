import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildVerificationCertificate, signVerificationStatement, verificationStatement } from "#server/certificates/certificates.ts";
import { checkCredentialNow, getOwnCredential } from "#server/credentials/credentials.ts";
import { getOwnShare } from "#server/shares/shares.ts";
import { credentialContext } from "#server/credentials/context.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode, issuerMetadataUrl } from "#core/issuers/registry.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { methodNotAllowed } from "#server/http/json.ts";

const notFound = () => json({ message: "Share not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * GET /api/shares/download/{id} (spec 000 §7: share PDFs use the downloadUrl under
 * /api/shares/download/ and open in a new tab): the signed verification certificate of one of
 * the signed-in user's own shares, served inline with a file name. The credential's status is
 * checked live for it, and the statement it prints is a compact JWS signed by the issuing
 * authority's key (kid in the issuer's published JWKS). Another user's share, a malformed id or
 * an unknown one: 404; signed out: 401.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const { db, keys, base, fetchStatus } = await credentialContext(context, request.url);
  const share = await getOwnShare(db, user.id, params.id ?? "", now);
  if (!share || !isCredentialTypeCode(share.credentialType)) return notFound();
  const credential = await getOwnCredential(db, user.id, share.credentialId, now);
  if (!credential) return notFound();

  const issuerId = CREDENTIAL_TYPES[share.credentialType].issuerId;
  const key = keys.get(issuerId);
  if (!key) throw new Error(`no signing key for ${issuerId}`);
  const check = await checkCredentialNow({ vcJwt: credential.vcJwt, type: credential.type, keys, base, fetchStatus, storedStatus: credential.status, now });
  const jws = await signVerificationStatement(key, verificationStatement(share, credential.issuer, check));

  const pdf = await buildVerificationCertificate({
    share,
    iss: credential.issuer,
    issuerId,
    check,
    verifyUrl: `${new URL(request.url).origin}${share.verifyPath}`,
    jws,
    kid: key.kid,
    jwksUrl: issuerMetadataUrl(base, issuerId),
    now,
  });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="verification_certificate_${share.id}.pdf"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
