/**
 * The DVLA's mdoc document signer (ISO/IEC 18013-5 Annex B; issue 23, ADR 053): the P-256 key that
 * signs the Mobile Security Object of every mDL, with its certificate from the IACA root.
 *
 * MDOC_DOCUMENT_SIGNER_KEY, the web worker's alone (it issues; ADR 028), is a private P-256 JWK with
 * `x5c` (the document signer certificate alone: the x5chain an mDL carries leaves the root out) and
 * `iaca` (the IACA root certificate it chains to, base64 DER). The root is public: verifiers hold it
 * on their trust list. Before its first use, the worker checks that the chain holds under the chain
 * profile (ADR 047), that the certificate names the mdlDS purpose and is for this very key; a secret
 * that fails is an error naming what is wrong, and only mdoc issuance stops.
 */
import type { PublicJwk } from "#core/credentials/index.ts";
import { describeCertificate, OID, verifyCertificateChain } from "#core/credentials/x509.ts";
import type { DocumentSigner } from "#core/mdoc/issue.ts";
import { oncePerSecret } from "#server/worker/secrets.ts";

const NAME = "MDOC_DOCUMENT_SIGNER_KEY";

interface DocumentSignerJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
  x5c: string[];
  iaca: string;
}

function parsed(secret: string): DocumentSignerJwk {
  let value: unknown;
  try {
    value = JSON.parse(secret);
  } catch {
    throw new Error(`${NAME} is not JSON`);
  }
  const { kty, crv, x, y, d, x5c, iaca } = (value ?? {}) as Partial<DocumentSignerJwk>;
  if (
    kty !== "EC" ||
    crv !== "P-256" ||
    ![x, y, d, iaca].every((part) => typeof part === "string") ||
    !Array.isArray(x5c) ||
    x5c.length !== 1 ||
    typeof x5c[0] !== "string"
  )
    throw new Error(`${NAME} is not a P-256 private JWK with its certificate (x5c) and the IACA root (iaca)`);
  return value as DocumentSignerJwk;
}

const load = oncePerSecret(async (secret): Promise<DocumentSigner> => {
  const jwk = parsed(secret);
  const certified = await verifyCertificateChain(jwk.x5c, [jwk.iaca], new Date(), {
    extendedKeyUsage: OID.mdlDocumentSigner,
  }).catch((error: Error) => {
    throw new Error(`${NAME}: its certificate chain does not hold (${error.message})`);
  });
  if (!certified.extendedKeyUsages?.includes(OID.mdlDocumentSigner))
    throw new Error(`${NAME}: the certificate does not name the mdlDS purpose (ISO/IEC 18013-5 Annex B.1.4)`);
  const publicJwk: PublicJwk = { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y };
  if (certified.publicJwk.x !== jwk.x || certified.publicJwk.y !== jwk.y)
    throw new Error(`${NAME}: the certificate is for another key`);
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const { notAfter } = await describeCertificate(jwk.x5c[0]!);
  return { privateKey, publicJwk, x5chain: [...jwk.x5c], notAfter };
});

/** The document signer in the secret (checked once per distinct secret); undefined when the deployment has none. */
export function loadDocumentSigner(secret: string | undefined): Promise<DocumentSigner | undefined> {
  return secret ? load(secret) : Promise.resolve(undefined);
}
