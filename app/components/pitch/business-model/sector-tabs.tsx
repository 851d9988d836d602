import { Link, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { Section } from "#app/components/pitch/layout.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import {
  parseSector,
  SECTORS,
  type Sector,
  type SectorFigure,
  type SectorId,
  sectorHref,
  type Words,
} from "./sectors.ts";

const m = defineMessages({
  title: { id: "pitch.businessModel.sectors.title", defaultMessage: "Costs by sector" },
  lead: {
    id: "pitch.businessModel.sectors.lead",
    defaultMessage:
      "Choose a sector to see today's costs, our fees, the reduction and a worked example. The organisations in the examples are fictional.",
  },
  tabs: { id: "pitch.businessModel.sectors.tabs", defaultMessage: "Sectors" },
  costs: { id: "pitch.businessModel.sectors.costs", defaultMessage: "Costs, fees and reduction" },
  market: { id: "pitch.businessModel.sectors.market", defaultMessage: "Market size" },
});

const example = defineMessages<{ title: { organisation: string } }>({
  title: {
    id: "pitch.businessModel.sectors.example.title",
    defaultMessage: "Worked example: {organisation}",
    description: "{organisation} is a fictional organisation's name.",
  },
});

/** A sector's words in the page's language, its figures as placeholders. */
function useWords() {
  const intl = useIntl();
  return (words: MessageDescriptor | Words) =>
    "message" in words ? intl.formatMessage(words.message, words.values) : intl.formatMessage(words);
}

/**
 * WAI-ARIA tabs (automatic activation): the tabs are links to `?sector=…`, so without JavaScript
 * each is a full page load that the server renders with that tab selected; with JavaScript the
 * selection changes at once and the URL follows (replace, so tabs do not fill the history).
 */
export function SectorSection() {
  const words = useWords();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = parseSector(searchParams.get("sector"));
  const [selected, setSelected] = useState<SectorId>(fromUrl);
  const tabs = useRef(new Map<SectorId, HTMLAnchorElement>());

  // The sector this page last wrote into the URL, until the URL shows it. Keys move faster than
  // the URL follows (each write is a navigation), so a URL that catches up with an earlier key
  // must not take the selection back.
  const written = useRef<SectorId | null>(null);

  // Back, forward or a link to another sector changes the URL without a click on a tab.
  useEffect(() => {
    if (written.current !== null) {
      if (fromUrl === written.current) written.current = null;
      return;
    }
    setSelected(fromUrl);
  }, [fromUrl]);

  function move(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = SECTORS.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const id = SECTORS[target].id;
    setSelected(id);
    tabs.current.get(id)?.focus();
    written.current = id;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("sector", id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <Section id="sectors" title={words(m.title)} lead={words(m.lead)}>
      <div
        role="tablist"
        aria-label={words(m.tabs)}
        className="grid grid-cols-2 gap-2 sm:flex sm:gap-0 sm:border-b-2 sm:border-govuk-border dark:sm:border-slate-600"
      >
        {SECTORS.map((sector, index) => {
          const isSelected = sector.id === selected;
          return (
            <Link
              key={sector.id}
              ref={(node) => {
                if (node) tabs.current.set(sector.id, node);
                else tabs.current.delete(sector.id);
              }}
              to={sectorHref(sector.id)}
              replace
              preventScrollReset
              role="tab"
              id={`tab-${sector.id}`}
              aria-selected={isSelected}
              aria-controls={`panel-${sector.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                written.current = sector.id;
                setSelected(sector.id);
              }}
              onKeyDown={(event) => move(event, index)}
              className={`block rounded-sm px-4 py-3 text-center text-lg font-bold sm:-mb-0.5 sm:rounded-b-none sm:border-2 sm:px-6 ${
                isSelected
                  ? "border-2 border-govuk-border bg-white text-govuk-black sm:border-b-white dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:sm:border-b-slate-950"
                  : "border-2 border-transparent bg-govuk-grey-light text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:bg-slate-900 dark:text-govuk-blue-light dark:hover:text-white"
              }`}
            >
              {words(sector.tab)}
            </Link>
          );
        })}
      </div>
      {SECTORS.map((sector) => (
        <div
          key={sector.id}
          role="tabpanel"
          id={`panel-${sector.id}`}
          aria-labelledby={`tab-${sector.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel takes focus after its tab, so keyboard users reach panels that start with no focusable element
          tabIndex={0}
          hidden={sector.id !== selected}
          className="mt-4 rounded-sm border-2 border-govuk-border bg-white p-5 sm:mt-0 sm:rounded-t-none sm:border-t-0 sm:p-8 dark:border-slate-600 dark:bg-slate-950"
        >
          <SectorPanel sector={sector} />
        </div>
      ))}
    </Section>
  );
}

function SectorPanel({ sector }: { sector: Sector }) {
  const intl = useIntl();
  const words = useWords();
  return (
    <>
      <h3 className="text-2xl font-bold text-govuk-black dark:text-slate-100">{words(sector.title)}</h3>
      <p className="mt-3 max-w-3xl text-lg text-govuk-grey dark:text-slate-300">{words(sector.summary)}</p>

      <h4 className="mt-8 text-lg font-bold text-govuk-black dark:text-slate-100">{words(m.costs)}</h4>
      <FigureList figures={sector.figures} />

      <h4 className="mt-8 text-lg font-bold text-govuk-black dark:text-slate-100">{words(m.market)}</h4>
      <FigureList figures={sector.market} />

      <div className="mt-8 border-s-4 border-govuk-green bg-govuk-grey-light p-5 sm:p-6 dark:border-green-500 dark:bg-slate-900">
        <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">
          {intl.formatMessage(example.title, { organisation: words(sector.example.organisation) })}
        </h4>
        <p className="mt-1 text-govuk-grey dark:text-slate-300">{words(sector.example.fictional)}</p>
        <ol className="mt-4 list-decimal space-y-2 ps-6 text-govuk-black dark:text-slate-200">
          {sector.example.steps.map((step) => (
            <li key={step.message.id}>{words(step)}</li>
          ))}
        </ol>
        <p className="mt-4 flex gap-2 font-bold text-govuk-black dark:text-slate-100">
          <span className="mt-0.5 shrink-0 text-govuk-green dark:text-green-400">
            <Icon name="check" className="h-5 w-5" />
          </span>
          <span>{words(sector.example.outcome)}</span>
        </p>
      </div>
    </>
  );
}

function FigureList({ figures }: { figures: readonly SectorFigure[] }) {
  const words = useWords();
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label.id}
          className="rounded-sm border-s-4 border-govuk-blue bg-govuk-grey-light p-4 dark:border-govuk-blue-light dark:bg-slate-900"
        >
          <dt className="text-govuk-grey dark:text-slate-300">{words(figure.label)}</dt>
          <dd className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">
            {typeof figure.value === "string" ? figure.value : words(figure.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
