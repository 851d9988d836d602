import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LaterRelease } from "#app/components/later-release.tsx";
import { requireUser } from "#server/accounts/authentication.ts";

export const meta: MetaFunction = () => [{ title: "Gabriel AI | UK Digital Identity" }];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function GabrielAi() {
  return (
    <LaterRelease
      title="Gabriel AI"
      purpose="Oversee the AI orchestration agents, with people reviewing every adverse decision."
      features={[
        "See each agent’s status and metrics",
        "Review, approve or escalate cases in the human-in-the-loop queue",
        "Pause or resume agents and set policies",
        "Read the audit log of every agent action",
      ]}
    />
  );
}
