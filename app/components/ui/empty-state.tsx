import type { ReactNode } from "react";
import { Card } from "./card.tsx";
import { Icon, type IconName } from "./icons.tsx";

/**
 * What a list shows when it has nothing in it yet: an icon, a line saying so, a hint, and where
 * there is one, the way to add the first. `headingLevel`: "h3" under the list's own h2; "p" where a
 * heading would break the page's outline.
 */
export function EmptyState({
  icon,
  heading,
  text,
  action,
  testId,
  headingLevel = "h3",
}: {
  icon: IconName;
  heading: ReactNode;
  text: ReactNode;
  action?: ReactNode;
  testId: string;
  headingLevel?: "h3" | "p";
}) {
  const Heading = headingLevel;
  return (
    <Card className="mt-4 p-8 text-center" data-testid={testId}>
      <Icon name={icon} className="mx-auto h-10 w-10 text-govuk-grey dark:text-slate-400" />
      <Heading className="mt-3 text-xl font-bold">{heading}</Heading>
      <p className="mt-2 text-govuk-grey dark:text-slate-400">{text}</p>
      {action}
    </Card>
  );
}
