import { Link, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Business model" and §9 "Business model (GBP)". Every figure here is one of the
 * spec's static marketing figures; the worked examples name fictional organisations and use only
 * those figures (no derived totals).
 */

interface Figure {
  label: string;
  value: string;
}

interface Sector {
  id: string;
  tab: string;
  title: string;
  summary: string;
  /** Costs, fees and the reduction, in the order a reader compares them. */
  figures: Figure[];
  market: Figure[];
  example: { organisation: string; kind: string; steps: string[]; outcome: string };
}

/** Spec 001 §4: the four tabs, nhs first and the default. */
const SECTORS = [
  {
    id: "nhs",
    tab: "NHS",
    title: "NHS trusts: right-to-work checks for new starters",
    summary:
      "Every new starter needs right-to-work and identity checks before their first shift. Today these are manual, paper-based and repeated each time someone moves between trusts.",
    figures: [
      { label: "Cost per hire today", value: "£75-£150" },
      { label: "Digital verification fee", value: "£1.00" },
      { label: "Total cost per hire", value: "£4.00" },
      { label: "Cost reduction", value: "95%" },
    ],
    market: [
      { label: "NHS new starters a year", value: "130,488" },
      { label: "NHS staff", value: "1.54M" },
    ],
    example: {
      organisation: "Northbrook Valley NHS Foundation Trust",
      kind: "NHS trust",
      steps: [
        "A newly appointed nurse shares her right-to-work credential from her wallet, disclosing only what the check needs instead of handing over her passport.",
        "The trust's verifier portal checks the issuer's signature and the credential's revocation status, and records the check in an automatic audit trail.",
        "The trust pays the £1.00 digital verification fee. The nurse pays nothing.",
      ],
      outcome:
        "Total cost per hire: £4.00, against £75-£150 for today's manual process, a 95% reduction. Her credential is portable: if she moves to another trust, she shares it again instead of starting over.",
    },
  },
  {
    id: "housing",
    tab: "Housing",
    title: "Housing associations: right-to-rent checks for new tenants",
    summary:
      "Landlords and housing associations must check every adult tenant's right to rent. Manual checks mean photocopied documents, office visits and delays before a tenancy can start.",
    figures: [
      { label: "Cost per tenant today", value: "£32-£65" },
      { label: "Digital verification fee", value: "£0.50" },
      { label: "Total cost per tenant", value: "£2.20" },
      { label: "Cost reduction", value: "90%" },
    ],
    market: [{ label: "Rental properties", value: "4.9M" }],
    example: {
      organisation: "Eastmere Housing Association",
      kind: "housing association",
      steps: [
        "A prospective tenant shares a right-to-rent credential from their phone, or at an assisted-digital kiosk in a council office or library if they prefer help.",
        "The association's lettings team sees a verified yes or no for the right to rent, without keeping copies of passports or visas.",
        "The association pays the £0.50 digital verification fee. The tenant pays nothing.",
      ],
      outcome:
        "Total cost per tenant: £2.20, against £32-£65 today, a 90% reduction, with the audit trail kept automatically.",
    },
  },
  {
    id: "education",
    tab: "Education",
    title: "Schools and education authorities: enhanced DBS checks",
    summary:
      "Everyone working with children needs an enhanced DBS check. The statutory DBS fee stays the same; the saving is in the identity checking and administration around it.",
    figures: [
      { label: "Cost per check today", value: "£79-£109" },
      { label: "DBS fee", value: "£44" },
      { label: "Digital verification fee", value: "£1.50" },
      { label: "Total cost per check", value: "£50.50" },
      { label: "Administrative time reduction", value: "75%" },
    ],
    market: [{ label: "DBS checks a year", value: "7.37M" }],
    example: {
      organisation: "Fenmoor Schools Federation",
      kind: "school federation",
      steps: [
        "A new teaching assistant proves their identity once in the wallet, so the federation's office no longer checks and copies paper documents for the DBS application.",
        "The £44 DBS fee is unchanged; the federation pays a £1.50 digital verification fee. The teaching assistant pays nothing for the identity check.",
        "Once issued, the enhanced DBS result is held as a credential that the teaching assistant can share with any school in the federation.",
      ],
      outcome:
        "Total cost per check: £50.50, against £79-£109 today, with 75% less administrative time for the federation's staff.",
    },
  },
  {
    id: "local-authority",
    tab: "Local Authority",
    title: "Local authorities: one platform for many services",
    summary:
      "Councils run identity checks for their own staff, housing, licensing and many other services, often with different suppliers and processes for each.",
    figures: [
      { label: "Cost per check today", value: "£45-£85" },
      { label: "Platform licence", value: "£25K per year" },
      { label: "Fee per check", value: "£0.80" },
      { label: "Total cost per check", value: "£3.30" },
      { label: "Cost reduction", value: "85%" },
    ],
    market: [{ label: "Local authorities", value: "408" }],
    example: {
      organisation: "Calderbridge City Council",
      kind: "city council",
      steps: [
        "The council takes one platform licence at £25K per year and uses it across services: staff right-to-work checks, housing and licensing.",
        "Residents without a smartphone are helped at assisted-digital kiosks in council offices and libraries.",
        "Each check costs the council a £0.80 fee, with volume discounts for multi-service use. Residents pay nothing.",
      ],
      outcome: "Total cost per check: £3.30, against £45-£85 today, an 85% reduction.",
    },
  },
] as const satisfies readonly Sector[];

type SectorId = (typeof SECTORS)[number]["id"];
const DEFAULT_SECTOR: SectorId = "nhs";

function parseSector(value: string | null): SectorId {
  return SECTORS.find((sector) => sector.id === value)?.id ?? DEFAULT_SECTOR;
}

const sectorHref = (id: SectorId) => `?sector=${id}`;

export function BusinessModelPage() {
  return (
    <>
      <PageHero
        eyebrow="Business model"
        title="A Business Model Where Citizens Never Pay"
        lead={
          <p>
            Employers, landlords and public bodies pay a small fee per verification. Workers, tenants, students and
            citizens never pay to hold or share their credentials.
          </p>
        }
      />

      <Section
        title="The core model"
        tone="shaded"
        lead="Organisations that need to check identity pay for each verification they make. The people being checked hold their credentials for free."
      >
        <CardGrid columns={2}>
          <Card icon="badge" title="Employers pay per verification" accent>
            <p>
              Employers, landlords, housing associations, schools and councils pay only when they verify a credential.
              There is no charge for holding a credential in the wallet.
            </p>
          </Card>
          <Card icon="users" title="Citizens never pay" accent>
            <p>
              Workers, tenants, students and citizens never pay, whether they use the mobile wallet, the web wallet or
              an assisted-digital kiosk.
            </p>
          </Card>
        </CardGrid>

        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <FeeTable />
          <div>
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">What paying organisations get</h3>
            <div className="mt-4 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  `Verification in about ${VERIFICATION_TIME.withCredential.display} instead of about ${VERIFICATION_TIME.today.display}`,
                  "Portable credentials: a person verified once can share again with the next employer or landlord",
                  "An automatic audit trail of every check",
                  "AI document checks, with a human reviewing any adverse decision",
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <SectorSection />

      <Section
        title="The market"
        tone="shaded"
        lead="Identity checks are a large, recurring and mandatory market across every sector we serve."
      >
        <StatGrid>
          <Stat value="£2.1B" label="Identity market" />
          <Stat value="7.37M" label="DBS checks a year" />
          <Stat value="4.9M" label="Rental properties" />
          <Stat value="408" label="Local authorities" />
        </StatGrid>
      </Section>

      <Section title="Next steps" lead="See what the investment funds and how the pilots prove the model.">
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/investor-funding">View Investment Opportunity</ActionLink>
          <ActionLink to="/pilots" variant="secondary">
            View Pilot Programme
          </ActionLink>
        </div>
      </Section>
    </>
  );
}

function FeeTable() {
  const rows = [
    ["Right-to-work", "£0.50-£1.20"],
    ["Right-to-rent", "£0.30-£0.80"],
    ["Enhanced DBS", "£1.00-£2.00"],
    ["Multi-service", "Volume discounts"],
  ] as const;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="mb-4 text-left text-xl font-bold text-govuk-black dark:text-slate-100">
          Verification fees
        </caption>
        <thead>
          <tr className="border-b-2 border-govuk-black dark:border-slate-400">
            <th scope="col" className="py-2 pr-4 font-bold">
              Check
            </th>
            <th scope="col" className="py-2 font-bold">
              Fee per verification
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([check, fee]) => (
            <tr key={check} className="border-b border-govuk-border dark:border-slate-700">
              <th scope="row" className="py-3 pr-4 font-semibold">
                {check}
              </th>
              <td className="py-3 text-govuk-black dark:text-slate-200">{fee}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * WAI-ARIA tabs (automatic activation): the tabs are links to `?sector=…`, so without JavaScript
 * each is a full page load that the server renders with that tab selected; with JavaScript the
 * selection changes at once and the URL follows (replace, so tabs do not fill the history).
 */
function SectorSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = parseSector(searchParams.get("sector"));
  const [selected, setSelected] = useState<SectorId>(fromUrl);
  const tabs = useRef(new Map<SectorId, HTMLAnchorElement>());

  // Back, forward or a link to another sector changes the URL without a click on a tab.
  useEffect(() => setSelected(fromUrl), [fromUrl]);

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
    <Section
      id="sectors"
      title="Costs by sector"
      lead="Choose a sector to see today's costs, our fees, the reduction and a worked example. The organisations in the examples are fictional."
    >
      <div
        role="tablist"
        aria-label="Sectors"
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
              onClick={() => setSelected(sector.id)}
              onKeyDown={(event) => move(event, index)}
              className={`block rounded-sm px-4 py-3 text-center text-lg font-bold sm:-mb-0.5 sm:rounded-b-none sm:border-2 sm:px-6 ${
                isSelected
                  ? "border-2 border-govuk-border bg-white text-govuk-black sm:border-b-white dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:sm:border-b-slate-950"
                  : "border-2 border-transparent bg-govuk-grey-light text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:bg-slate-900 dark:text-govuk-blue-light dark:hover:text-white"
              }`}
            >
              {sector.tab}
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
  return (
    <>
      <h3 className="text-2xl font-bold text-govuk-black dark:text-slate-100">{sector.title}</h3>
      <p className="mt-3 max-w-3xl text-lg text-govuk-grey dark:text-slate-300">{sector.summary}</p>

      <h4 className="mt-8 text-lg font-bold text-govuk-black dark:text-slate-100">Costs, fees and reduction</h4>
      <FigureList figures={sector.figures} />

      <h4 className="mt-8 text-lg font-bold text-govuk-black dark:text-slate-100">Market size</h4>
      <FigureList figures={sector.market} />

      <div className="mt-8 border-l-4 border-govuk-green bg-govuk-grey-light p-5 sm:p-6 dark:border-green-500 dark:bg-slate-900">
        <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">
          Worked example: {sector.example.organisation}
        </h4>
        <p className="mt-1 text-govuk-grey dark:text-slate-300">A fictional {sector.example.kind}, for illustration.</p>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-govuk-black dark:text-slate-200">
          {sector.example.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-4 flex gap-2 font-bold text-govuk-black dark:text-slate-100">
          <span className="mt-0.5 shrink-0 text-govuk-green dark:text-green-400">
            <Icon name="check" className="h-5 w-5" />
          </span>
          <span>{sector.example.outcome}</span>
        </p>
      </div>
    </>
  );
}

function FigureList({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-sm border-l-4 border-govuk-blue bg-govuk-grey-light p-4 dark:border-govuk-blue-light dark:bg-slate-900"
        >
          <dt className="text-govuk-grey dark:text-slate-300">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
