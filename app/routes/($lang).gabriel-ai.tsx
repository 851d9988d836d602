import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AgentCards } from "#app/components/gabriel/transparency-agents.tsx";
import { TransparencyFigures } from "#app/components/gabriel/transparency-figures.tsx";
import { pageMeta } from "#app/components/meta.ts";
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
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Gabriel AI",
    description:
      "How Gabriel works: rule-based agents that raise cases for people to decide, with no outside AI service. What each agent looks at, what it may and may never do, and live figures on cases raised and decided.",
  });

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
  return (
    <>
      <PageHero
        eyebrow="Transparency"
        title="Gabriel AI"
        lead={
          <div className="space-y-3">
            <p>
              Gabriel is a set of rule-based agents that watch the platform&apos;s own records for patterns a person
              should look at, such as a credential failing checks again and again. They follow fixed rules, all
              published on this page.
            </p>
            <p>
              An agent can only raise a case. A person decides every case that affects a citizen. Gabriel calls no
              outside AI service: its rules run inside the platform, and nothing is sent to a model or to anyone else.
            </p>
          </div>
        }
      />

      <Section title="How Gabriel works">
        <div className="max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          <CheckList
            items={[
              "Four agents, each reading only a few kinds of the platform's own events: new accounts, credentials issued, verification requests and results, failed sign-ins, assisted sessions and server errors.",
              "Fixed rules, not a trained model: the same events always lead to the same result, and every rule is listed below in plain words. Administrators can set a rule's thresholds (how many failed checks count as repeated, for example), not what it does.",
              "When a rule finds something a person should judge, the agent raises a case. A member of staff reviews it and decides; the agent never does.",
              "No agent revokes or suspends a credential, locks an account, blocks a check or contacts anyone.",
              "Every agent run, every case raised and every decision is recorded in an audit trail.",
            ]}
          />
        </div>
      </Section>

      <Section
        title="The agents"
        tone="shaded"
        lead="What each agent looks at, what it may and may never do, and its rules. The agents run from these same declarations."
      >
        <AgentCards agents={agents} />
      </Section>

      <Section
        title="Gabriel in figures"
        lead="The cases Gabriel's agents have raised and people have decided, as totals only: no case, citizen or member of staff is named."
      >
        <TransparencyFigures figures={figures} agents={agents} />
      </Section>

      <Section title="Oversight" tone="shaded">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>
            Gabriel is overseen under the platform&apos;s governance: an independent ethics panel reviews how it is
            used, and human review of every adverse AI decision is one of the platform&apos;s published commitments.
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/governance">Governance and accountability</ActionLink>
        </div>
      </Section>
    </>
  );
}
