import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { mailto } from "#core/pitch/programme.ts";
import { briefingMailto, GOVERNMENT_RELATIONS_EMAIL, MINISTERS } from "./content.ts";

const m = defineMessages({
  title: { id: "pitch.government.contact.title", defaultMessage: "Arrange a briefing" },
  lead: {
    id: "pitch.government.contact.lead",
    defaultMessage:
      "Our team briefs ministers, senior policymakers and departmental officials on the platform, the pilots and the roadmap.",
  },
  line: { id: "pitch.government.contact.line", defaultMessage: "Briefing line" },
  relations: { id: "pitch.government.contact.relations", defaultMessage: "Government relations" },
  briefings: { id: "pitch.government.contact.briefings", defaultMessage: "Ministerial briefings" },
  schedule: { id: "pitch.government.contact.schedule", defaultMessage: "Schedule a ministerial briefing" },
  footer: {
    id: "pitch.government.contact.footer",
    defaultMessage:
      "Confidential - For Government Officials. Prepared by the UK Digital Identity programme. All figures are programme estimates for briefing purposes.",
  },
});

/** The closing call to action: the briefing line, government relations and briefing requests, and the footer. */
export function ContactSection() {
  const intl = useIntl();
  const t = (message: (typeof m)[keyof typeof m]) => intl.formatMessage(message);
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-20 bg-govuk-blue text-white dark:bg-govuk-blue-dark"
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="contact-title" className="text-3xl font-bold">
          {t(m.title)}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-white/95">{t(m.lead)}</p>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          <ContactItem icon="phone" title={t(m.line)}>
            <a
              href={`tel:${MINISTERS.phone.tel}`}
              className="text-xl font-bold text-white underline underline-offset-4 hover:no-underline"
            >
              {MINISTERS.phone.display}
            </a>
          </ContactItem>
          <ContactItem icon="inbox" title={t(m.relations)}>
            <a
              dir="ltr"
              translate="no"
              href={mailto(GOVERNMENT_RELATIONS_EMAIL)}
              className="break-all font-bold text-white underline underline-offset-4 hover:no-underline"
            >
              {GOVERNMENT_RELATIONS_EMAIL}
            </a>
          </ContactItem>
          <ContactItem icon="users" title={t(m.briefings)}>
            <a
              href={briefingMailto(intl)}
              className="font-bold text-white underline underline-offset-4 hover:no-underline"
            >
              {t(m.schedule)}
            </a>
          </ContactItem>
        </div>
        <footer className="mt-10 border-t border-white/40 pt-6 text-sm text-white">
          <p>{t(m.footer)}</p>
        </footer>
      </div>
    </section>
  );
}

function ContactItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <div className="rounded-sm bg-govuk-blue-dark p-5 dark:bg-black/30">
      <h3 className="flex items-center gap-2 text-lg font-bold">
        <Icon name={icon} className="h-5 w-5" />
        {title}
      </h3>
      <p className="mt-2">{children}</p>
    </div>
  );
}
