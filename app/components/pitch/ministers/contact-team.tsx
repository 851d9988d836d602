import { defineMessages, useIntl } from "react-intl";
import { PitchIcon } from "#app/components/pitch/icons.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { CONTACTS, mailto } from "#core/pitch/programme.ts";

const MINISTERS_CONTACT = CONTACTS.ministers;

const m = defineMessages({
  title: { id: "pitch.ministers.contact.title", defaultMessage: "Ministers' contact team" },
  text: {
    id: "pitch.ministers.contact.text",
    defaultMessage: "For a briefing, an access code or a private demonstration.",
  },
  telephone: {
    id: "pitch.ministers.contact.telephone",
    defaultMessage: "Telephone",
    description: "Read by screen readers before the telephone number.",
  },
});

/** Spec 001 §2 "Ministers' access": the contact team's mail and telephone links. */
export function ContactTeam() {
  const intl = useIntl();
  return (
    <aside
      aria-labelledby="ministers-contact"
      className="self-start rounded-sm border-s-4 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h3 id="ministers-contact" className="text-xl font-bold text-govuk-black dark:text-slate-100">
        {intl.formatMessage(m.title)}
      </h3>
      <p className="mt-2 text-govuk-grey dark:text-slate-300">{intl.formatMessage(m.text)}</p>
      <ul className="mt-4 space-y-3 text-lg">
        <li className="flex items-start gap-3">
          <span className="mt-1 text-govuk-blue dark:text-govuk-blue-light">
            <PitchIcon name="mail" className="h-5 w-5" />
          </span>
          <a
            dir="ltr"
            translate="no"
            href={mailto(MINISTERS_CONTACT.email)}
            className={`[overflow-wrap:anywhere] ${linkClasses}`}
            data-testid="link-ministers-email"
          >
            {MINISTERS_CONTACT.email}
          </a>
        </li>
        <li className="flex items-start gap-3">
          <span className="mt-1 text-govuk-blue dark:text-govuk-blue-light">
            <Icon name="phone" className="h-5 w-5" />
          </span>
          <a href={`tel:${MINISTERS_CONTACT.phone.tel}`} className={linkClasses} data-testid="link-ministers-phone">
            <span className="sr-only">{`${intl.formatMessage(m.telephone)} `}</span>
            {MINISTERS_CONTACT.phone.display}
          </a>
        </li>
      </ul>
    </aside>
  );
}
