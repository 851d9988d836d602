import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { AgentCards } from "#app/components/gabriel/transparency-agents.tsx";
import { TransparencyFigures } from "#app/components/gabriel/transparency-figures.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { ActionLink, CheckList, PageHero, Section } from "#app/components/pitch/layout.tsx";
import { transparencyPageData } from "#server/gabriel/transparency-page.ts";

/**
 * Gabriel's public transparency page (issue 11), for anyone, signed in or not: what each agent
 * looks at, what it may and may never do, its rules, and aggregate figures on the cases raised and
 * decided (no personal data). The governance page's transparency promise made true.
 *
 * Signed out it sits in the pitch site's header and footer, signed in under the signed-in header,
 * as every public page does (root.tsx chooses).
 */
const messages = defineMessages({
  title: { id: "gabriel.transparency.title", defaultMessage: "Gabriel AI", description: "The product's name." },
  description: {
    id: "gabriel.transparency.description",
    defaultMessage:
      "How Gabriel works: rule-based agents that raise cases for people to decide, with no outside AI service. What each agent looks at, what it may and may never do, and live figures on cases raised and decided.",
  },
  eyebrow: { id: "gabriel.transparency.eyebrow", defaultMessage: "Transparency" },
  leadRules: {
    id: "gabriel.transparency.leadRules",
    defaultMessage:
      "Gabriel is a set of rule-based agents that watch the platform's own records for patterns a person should look at, such as a credential failing checks again and again. They follow fixed rules, all published on this page.",
  },
  leadPeople: {
    id: "gabriel.transparency.leadPeople",
    defaultMessage:
      "An agent can only raise a case. A person decides every case that affects a citizen. Gabriel calls no outside AI service: its rules run inside the platform, and nothing is sent to a model or to anyone else.",
  },
  howTitle: { id: "gabriel.transparency.howTitle", defaultMessage: "How Gabriel works" },
  howAgents: {
    id: "gabriel.transparency.howAgents",
    defaultMessage:
      "Four agents, each reading only a few kinds of the platform's own events: new accounts, credentials issued, verification requests and results, failed sign-ins, assisted sessions and server errors.",
  },
  howRules: {
    id: "gabriel.transparency.howRules",
    defaultMessage:
      "Fixed rules, not a trained model: the same events always lead to the same result, and every rule is listed below in plain words. Administrators can set a rule's thresholds (how many failed checks count as repeated, for example), not what it does.",
  },
  howCases: {
    id: "gabriel.transparency.howCases",
    defaultMessage:
      "When a rule finds something a person should judge, the agent raises a case. A member of staff reviews it and decides; the agent never does.",
  },
  howNever: {
    id: "gabriel.transparency.howNever",
    defaultMessage: "No agent revokes or suspends a credential, locks an account, blocks a check or contacts anyone.",
  },
  howAudit: {
    id: "gabriel.transparency.howAudit",
    defaultMessage: "Every agent run, every case raised and every decision is recorded in an audit trail.",
  },
  agentsTitle: { id: "gabriel.transparency.agentsTitle", defaultMessage: "The agents" },
  agentsLead: {
    id: "gabriel.transparency.agentsLead",
    defaultMessage:
      "What each agent looks at, what it may and may never do, and its rules. The agents run from these same declarations.",
  },
  figuresTitle: { id: "gabriel.transparency.figuresTitle", defaultMessage: "Gabriel in figures" },
  figuresLead: {
    id: "gabriel.transparency.figuresLead",
    defaultMessage:
      "The cases Gabriel's agents have raised and people have decided, as totals only: no case, citizen or member of staff is named.",
  },
  oversightTitle: { id: "gabriel.transparency.oversightTitle", defaultMessage: "Oversight" },
  oversight: {
    id: "gabriel.transparency.oversight",
    defaultMessage:
      "Gabriel is overseen under the platform's governance: an independent ethics panel reviews how it is used, and human review of every adverse AI decision is one of the platform's published commitments.",
  },
  governance: { id: "gabriel.transparency.governance", defaultMessage: "Governance and accountability" },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

/**
 * Not cached by anyone, deliberately, and not in the pitch cache (app/worker/pitch-paths.ts):
 *  - the figures must be no more than a minute old, while the pitch cache keeps a page for 5
 *    minutes at the edge and serves it stale for a day;
 *  - a signed-in visitor's copy carries their own header (their name), so it must stay private;
 *  - every rendered page carries its own CSP nonce, and a shared cache (the reason for `public`)
 *    would hand one nonce to every visitor: only the pitch cache's script-hash CSP makes shared
 *    HTML safe (ADR 008), and that cache is too stale for these figures.
 * `public, max-age=60` would therefore need the pitch cache's machinery with a 60-second lifetime;
 * the page costs one database round trip of three aggregate statements, so it is simply rendered
 * for each request.
 */
const PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

export async function loader({ context }: LoaderFunctionArgs) {
  return json(await transparencyPageData(context.db, context.requestId), { headers: PAGE_HEADERS });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function GabrielAi() {
  const { agents, figures } = useLoaderData<typeof loader>();
  const intl = useIntl();
  return (
    <>
      <PageHero
        eyebrow={intl.formatMessage(messages.eyebrow)}
        title={intl.formatMessage(messages.title)}
        lead={
          <div className="space-y-3">
            <p>
              <FormattedMessage {...messages.leadRules} />
            </p>
            <p>
              <FormattedMessage {...messages.leadPeople} />
            </p>
          </div>
        }
      />

      <Section title={intl.formatMessage(messages.howTitle)}>
        <div className="max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          <CheckList
            items={[messages.howAgents, messages.howRules, messages.howCases, messages.howNever, messages.howAudit].map(
              (item) => intl.formatMessage(item),
            )}
          />
        </div>
      </Section>

      <Section
        title={intl.formatMessage(messages.agentsTitle)}
        tone="shaded"
        lead={intl.formatMessage(messages.agentsLead)}
      >
        <AgentCards agents={agents} />
      </Section>

      <Section title={intl.formatMessage(messages.figuresTitle)} lead={intl.formatMessage(messages.figuresLead)}>
        <TransparencyFigures figures={figures} agents={agents} />
      </Section>

      <Section title={intl.formatMessage(messages.oversightTitle)} tone="shaded">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>
            <FormattedMessage {...messages.oversight} />
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/governance">{intl.formatMessage(messages.governance)}</ActionLink>
        </div>
      </Section>
    </>
  );
}
