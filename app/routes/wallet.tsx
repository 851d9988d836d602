import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LaterRelease } from "~/components/later-release";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Citizen Wallet | UK Digital Identity" }];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function CitizenWallet() {
  return (
    <LaterRelease
      title="Citizen Wallet"
      purpose="Keep your credentials on your device and share only what a check needs."
      features={[
        "See your Right to Work, Right to Rent and DBS credentials",
        "Request a new credential from the issuing authority",
        "Share a credential by QR code with selective disclosure",
        "Review every time a credential was shared",
      ]}
    />
  );
}
