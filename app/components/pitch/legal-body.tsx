import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { useFormats, useLocalePath, usePageLanguage } from "#app/components/i18n/language.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import type { LegalBlock, LegalDocument, LegalSection, RichText, Span } from "#core/pitch/legal-content.ts";
import { PageHero } from "./layout.tsx";

const messages = defineMessages({
  eyebrow: {
    id: "legal.page.eyebrow",
    defaultMessage: "Legal",
    description: "Small label above a legal page's title.",
  },
  contents: { id: "legal.page.contents", defaultMessage: "Contents", description: "Heading of a table of contents." },
  inEnglish: {
    id: "legal.page.inEnglish",
    defaultMessage: "The full text below is in English.",
    description: "Shown above a legal text that is not translated into the page's language.",
  },
});

const dated = defineMessages<{ lastUpdated: { date: string; time: MessageTag } }>({
  lastUpdated: {
    id: "legal.page.lastUpdated",
    defaultMessage: "Last updated: <time>{date}</time>",
    description: "The date the legal text last changed.",
  },
});

/**
 * A legal page (privacy policy, terms of service): its hero with the date, an optional summary in
 * the page's language, then the numbered sections. The sections are written in English and Welsh
 * (server/legal); on a page in another language they are marked as English (`lang`, `dir`), so
 * screen readers read them with English pronunciation and they run left to right.
 */
export function LegalPage({
  title,
  document,
  summary,
}: {
  title: string;
  document: LegalDocument;
  summary?: ReactNode;
}) {
  const intl = useIntl();
  const f = useFormats();
  const { locale } = usePageLanguage();
  const foreign = document.locale !== locale;
  return (
    <>
      <PageHero
        eyebrow={intl.formatMessage(messages.eyebrow)}
        title={title}
        lead={
          <p>
            <FormattedMessage
              {...dated.lastUpdated}
              values={{
                date: f.dateLong(document.lastUpdated),
                time: (chunks) => <time dateTime={document.lastUpdated}>{chunks}</time>,
              }}
            />
          </p>
        }
      />
      {summary}
      {foreign ? (
        <p className="mx-auto max-w-6xl px-4 pt-8 text-lg font-bold text-govuk-black dark:text-slate-100">
          {intl.formatMessage(messages.inEnglish)}
        </p>
      ) : null}
      <LegalBody sections={document.sections} lang={foreign ? document.locale : undefined} />
    </>
  );
}

/** A legal page's body: a contents list linking to numbered sections (marked with their language when it is not the page's). */
function LegalBody({ sections, lang }: { sections: readonly LegalSection[]; lang: string | undefined }) {
  const intl = useIntl();
  const marked = lang ? { lang, dir: "ltr" } : {};
  return (
    <div className="bg-white dark:bg-slate-950">
      <div className="mx-auto max-w-6xl gap-12 px-4 py-10 sm:py-14 lg:grid lg:grid-cols-[17rem_1fr]">
        <nav
          aria-labelledby="contents-title"
          className="self-start border-s-4 border-govuk-blue ps-4 lg:sticky lg:top-4 dark:border-govuk-blue-light"
        >
          <h2 id="contents-title" className="text-xl font-bold text-govuk-black dark:text-slate-100">
            {intl.formatMessage(messages.contents)}
          </h2>
          <ol {...marked} className="mt-3 list-decimal space-y-1.5 ps-5 text-govuk-black dark:text-slate-200">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClasses}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div {...marked} className="mt-10 max-w-3xl lg:mt-0">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-4 border-t border-govuk-border py-8 first:border-t-0 first:pt-0 dark:border-slate-700"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold text-govuk-black dark:text-slate-100">
                {index + 1}. {section.title}
              </h2>
              <div className="text-lg text-govuk-black dark:text-slate-200 [&_a]:text-govuk-blue [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-govuk-blue-light [&_li]:mt-2 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6">
                {section.blocks.map((block, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, never reordered; its position is its identity
                  <Block key={i} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <Text text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, never reordered; its position is its identity
            <li key={i}>
              <Text text={item} />
            </li>
          ))}
        </ul>
      );
    case "address":
      return (
        <address className="mt-4 not-italic">
          {block.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, never reordered; its position is its identity
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              <Text text={line} />
            </Fragment>
          ))}
        </address>
      );
  }
}

function Text({ text }: { text: RichText }) {
  if (typeof text === "string") return text;
  return text.map((span, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, never reordered; its position is its identity
    <Fragment key={i}>
      <SpanText span={span} />
    </Fragment>
  ));
}

function SpanText({ span }: { span: Span }) {
  const inLanguage = useLocalePath();
  if (typeof span === "string") return span;
  if ("strong" in span) return <strong>{span.strong}</strong>;
  if ("asWritten" in span) return <span translate="no">{span.asWritten}</span>;
  if ("to" in span) return <Link to={inLanguage(span.to)}>{span.link}</Link>;
  // A link that shows its own address (an email address, a web address) is left to right and never translated.
  const address = span.href.replace(/^(mailto:|https?:\/\/)/, "").replace(/\/$/, "");
  if (address === span.link)
    return (
      <a href={span.href} dir="ltr" translate="no">
        {span.link}
      </a>
    );
  return <a href={span.href}>{span.link}</a>;
}
