/**
 * The agent cards of the public transparency page (/gabriel-ai): for each of Gabriel's agents what
 * it is for, what it looks at, what it may and may never do, and its rules in plain words with
 * whether each raises a case for a person. Drawn from the agents' own declarations
 * (core/gabriel/agents.ts), which the agents run from: the page states what the code does.
 */
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { capitalise } from "#core/format/format.ts";
import { agentName, agentPurpose, agentRule, agentStatement } from "#core/gabriel/agent-words.ts";
import type { AgentStatement } from "#core/gabriel/agents.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import type { PublicAgent } from "#server/gabriel/transparency-page.ts";

const messages = defineMessages({
  watches: { id: "gabriel.transparency.agent.watches", defaultMessage: "What it looks at" },
  may: { id: "gabriel.transparency.agent.may", defaultMessage: "What it may do" },
  mayNot: { id: "gabriel.transparency.agent.mayNot", defaultMessage: "What it may never do" },
  rules: { id: "gabriel.transparency.agent.rules", defaultMessage: "Its rules" },
  adverse: { id: "gabriel.transparency.agent.adverse", defaultMessage: "Raises a case for a person to decide" },
  notAdverse: {
    id: "gabriel.transparency.agent.notAdverse",
    defaultMessage: "Noted in the agent's record only: no case is raised",
  },
});

const AGENT_ICONS: Record<AgentType, IconName> = {
  onboarding: "users",
  compliance: "shield",
  risk: "alert",
  support: "support",
};

function ListHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h4 id={id} className="mt-5 text-base font-bold text-govuk-black dark:text-slate-100">
      {children}
    </h4>
  );
}

/** A list of short statements, each after a mark that repeats what the heading says (the mark itself is hidden from screen readers). */
function MarkedList({
  labelledBy,
  items,
  mark,
}: {
  labelledBy: string;
  items: readonly AgentStatement[];
  mark: "check" | "cross" | "dot";
}) {
  const intl = useIntl();
  const colour =
    mark === "check"
      ? "text-govuk-green dark:text-green-400"
      : mark === "cross"
        ? "text-govuk-red dark:text-red-400"
        : "text-govuk-blue dark:text-govuk-blue-light";
  return (
    <ul aria-labelledby={labelledBy} className="mt-2 space-y-1.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          {mark === "dot" ? (
            <span aria-hidden="true" className={`mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-current ${colour}`} />
          ) : (
            <span className={`mt-0.5 shrink-0 ${colour}`}>
              <Icon name={mark} className="h-5 w-5" />
            </span>
          )}
          <span>{capitalise(agentStatement(intl, item))}</span>
        </li>
      ))}
    </ul>
  );
}

function AgentCard({ agent }: { agent: PublicAgent }) {
  const intl = useIntl();
  const id = `agent-${agent.type}`;
  return (
    <article
      aria-labelledby={id}
      className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
          <Icon name={AGENT_ICONS[agent.type]} className="h-7 w-7" />
        </span>
        <h3 id={id} className="text-xl font-bold text-govuk-black dark:text-slate-100">
          {agentName(intl, agent.type)}
        </h3>
      </div>
      <p className="mt-3 text-govuk-black dark:text-slate-200">{agentPurpose(intl, agent.type)}</p>

      <div className="text-govuk-grey dark:text-slate-300">
        <ListHeading id={`${id}-watches`}>{intl.formatMessage(messages.watches)}</ListHeading>
        <MarkedList labelledBy={`${id}-watches`} items={agent.watches} mark="dot" />

        <ListHeading id={`${id}-may`}>{intl.formatMessage(messages.may)}</ListHeading>
        <MarkedList labelledBy={`${id}-may`} items={agent.may} mark="check" />

        <ListHeading id={`${id}-may-not`}>{intl.formatMessage(messages.mayNot)}</ListHeading>
        <MarkedList labelledBy={`${id}-may-not`} items={agent.mayNot} mark="cross" />

        <ListHeading id={`${id}-rules`}>{intl.formatMessage(messages.rules)}</ListHeading>
        <ul aria-labelledby={`${id}-rules`} className="mt-2 space-y-3">
          {agent.rules.map((rule) => (
            <li key={rule.id} className="rounded-sm border border-govuk-border p-3 dark:border-slate-700">
              <p className="text-govuk-black dark:text-slate-200">{agentRule(intl, rule)}</p>
              <p
                className={`mt-2 inline-flex items-center gap-1.5 rounded-sm px-2 py-0.5 text-sm font-semibold ${
                  rule.adverse
                    ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                    : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                }`}
              >
                <Icon name={rule.adverse ? "user" : "file"} className="h-4 w-4" />
                {intl.formatMessage(rule.adverse ? messages.adverse : messages.notAdverse)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function AgentCards({ agents }: { agents: readonly PublicAgent[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {agents.map((agent) => (
        <AgentCard key={agent.type} agent={agent} />
      ))}
    </div>
  );
}
