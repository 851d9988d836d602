import type { ReactNode } from "react";
import { Card } from "./card.tsx";

/** A titled card section of a console (the operator console's and Gabriel's panels): the heading names the section. */
export function Panel({
  title,
  id,
  children,
  className = "",
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
  aside?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className={`p-5 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
