import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LaterRelease } from "#app/components/later-release.tsx";
import { requireUser } from "#server/accounts/authentication.ts";

export const meta: MetaFunction = () => [{ title: "Operator Dashboard | UK Digital Identity" }];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function OperatorDashboard() {
  return (
    <LaterRelease
      title="Operator Dashboard"
      purpose="Help citizens in person with assisted-digital sessions."
      features={[
        "Start and run an assisted session step by step",
        "Request supervisor approval for dual-control steps",
        "Print a paper QR code for citizens without a phone",
        "See your session queue and activity log",
      ]}
    />
  );
}
