import { defineMessages, useIntl } from "react-intl";
import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import type { ConsoleRefusal } from "#server/assisted/console.ts";

const messages = defineMessages({
  title: { id: "assisted.refused.title", defaultMessage: "Operator Dashboard" },
  roleHeading: {
    id: "assisted.refused.roleHeading",
    defaultMessage: "Only operators and administrators can use the Operator Dashboard",
  },
  roleBody: {
    id: "assisted.refused.roleBody",
    defaultMessage:
      "Your account does not have access to assisted-digital sessions. They are run by council and library staff for people who need help setting up a digital identity.",
  },
  officeHeading: { id: "assisted.refused.officeHeading", defaultMessage: "Your account is not assigned to an office" },
  officeBody: {
    id: "assisted.refused.officeBody",
    defaultMessage:
      "Operators run sessions for the office they work in. Ask an administrator to assign your account to your office, then sign in again.",
  },
});

const REASONS = {
  role: { heading: messages.roleHeading, body: messages.roleBody },
  office: { heading: messages.officeHeading, body: messages.officeBody },
} as const satisfies Record<ConsoleRefusal, unknown>;

/** The console's 403 page: the console's own title, what is wrong in plain words, the way back. */
export function ConsoleRefused({ refused }: { refused: ConsoleRefusal }) {
  const intl = useIntl();
  const reason = REASONS[refused];
  return (
    <RefusedPage
      title={intl.formatMessage(messages.title)}
      heading={intl.formatMessage(reason.heading)}
      testId="console-refused"
    >
      <p>{intl.formatMessage(reason.body)}</p>
    </RefusedPage>
  );
}
