import { Link, type LinkProps } from "@remix-run/react";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useLocalePath } from "#app/components/i18n/language.tsx";

/** The GOV.UK link style, light and dark, for the few places that must style another element as a link. */
export const linkClasses =
  "text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:text-govuk-blue-light dark:hover:text-white";

type TextLinkProps =
  | (Omit<LinkProps, "className"> & { className?: string; href?: never })
  | (Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "className"> & { href: string; to?: never; className?: string });

/**
 * The one text link. With `to`, a Remix link (client navigation once hydrated), to the page in
 * the current page's language where it has one; with `href`, a
 * plain anchor, for what must stay a document navigation: a fragment on the same page, mailto:,
 * or a link that reloads on purpose.
 */
export function TextLink({ className = "", ...props }: TextLinkProps) {
  const classes = `${linkClasses} ${className}`.trim();
  const inLanguage = useLocalePath();
  if ("to" in props && props.to !== undefined) {
    const { to, ...rest } = props as LinkProps;
    // A public page's address in the page's language ("/login" on a Welsh page is "/cy/login").
    return <Link className={classes} to={typeof to === "string" ? inLanguage(to) : to} {...rest} />;
  }
  return <a className={classes} {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} />;
}

/** "‹ Back to …" above a page's title. */
export function BackLink({ to = "/", children }: { to?: string; children: ReactNode }) {
  return (
    <TextLink to={to} className="inline-flex items-center gap-1">
      <span aria-hidden="true">‹</span> {children}
    </TextLink>
  );
}
