import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import type { ConsoleRefusal } from "#server/assisted/console.ts";

const REASONS: Record<ConsoleRefusal, { heading: string; body: string }> = {
  role: {
    heading: "Only operators and administrators can use the Operator Dashboard",
    body: "Your account does not have access to assisted-digital sessions. They are run by council and library staff for people who need help setting up a digital identity.",
  },
  office: {
    heading: "Your account is not assigned to an office",
    body: "Operators run sessions for the office they work in. Ask an administrator to assign your account to your office, then sign in again.",
  },
};

/** The console's 403 page: the console's own title, what is wrong in plain words, the way back. */
export function ConsoleRefused({ refused }: { refused: ConsoleRefusal }) {
  const reason = REASONS[refused];
  return (
    <RefusedPage title="Operator Dashboard" heading={reason.heading} testId="console-refused">
      <p>{reason.body}</p>
    </RefusedPage>
  );
}
