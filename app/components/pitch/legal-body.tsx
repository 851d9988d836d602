import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { PageHero } from "./layout.tsx";
import type { LegalBlock, LegalDocument, LegalSection, RichText, Span } from "./legal/legal-content.ts";

/** A legal page (privacy policy, terms of service): its hero with the date, then its numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title={document.title}
        lead={
          <p>
            Last updated: <time dateTime={document.lastUpdated.iso}>{document.lastUpdated.text}</time>
          </p>
        }
      />
      <LegalBody sections={document.sections} />
    </>
  );
}

/** A legal page's body: a contents list linking to numbered sections. */
function LegalBody({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className="bg-white dark:bg-slate-950">
      <div className="mx-auto max-w-6xl gap-12 px-4 py-10 sm:py-14 lg:grid lg:grid-cols-[17rem_1fr]">
        <nav
          aria-labelledby="contents-title"
          className="self-start border-s-4 border-govuk-blue ps-4 lg:sticky lg:top-4 dark:border-govuk-blue-light"
        >
          <h2 id="contents-title" className="text-xl font-bold text-govuk-black dark:text-slate-100">
            Contents
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 ps-5 text-govuk-black dark:text-slate-200">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClasses}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-10 max-w-3xl lg:mt-0">
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
  if (typeof span === "string") return span;
  if ("strong" in span) return <strong>{span.strong}</strong>;
  if ("to" in span) return <Link to={span.to}>{span.link}</Link>;
  return <a href={span.href}>{span.link}</a>;
}
