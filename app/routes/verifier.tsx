import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LaterRelease } from "#app/components/later-release.tsx";
import { requireUser } from "#server/accounts/authentication.ts";

export const meta: MetaFunction = () => [{ title: "Verifier Portal | UK Digital Identity" }];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function VerifierPortal() {
  return (
    <LaterRelease
      title="Verifier Portal"
      purpose="Check a citizen’s credentials by QR code or by sending a verification request."
      features={[
        "Scan a credential QR code with your camera",
        "Request specific credentials for a stated purpose",
        "See the verification result and export a receipt",
        "Connect your own systems through the API",
      ]}
    />
  );
}
