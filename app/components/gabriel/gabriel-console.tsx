/**
 * The Gabriel console (spec 000 §2 "AI orchestration console"; issue 11) at /gabriel: summary
 * tiles by the spec's formulas, system health, the controls (administrators), the four agents,
 * the human-review queue and recent agent actions, all from real records. The queue and the
 * controls update live over the orchestrator's WebSocket.
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { useLiveSocket } from "#app/components/assisted/live-socket.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import type { Tone } from "#core/format/tone.ts";
import { agentName, agentPurpose } from "#core/gabriel/agent-words.ts";
import type { ConfigField, ConfigFieldKey } from "#core/gabriel/agents.ts";
import { type CaseDescriptionValues, caseDescription } from "#core/gabriel/case-descriptions.ts";
import { type CaseTitle, caseTitle } from "#core/gabriel/case-titles.ts";
import { configHelp, configLabel, configUnit } from "#core/gabriel/config-words.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import type { AgentView, QueueItemView } from "#server/gabriel/api.ts";
import type { ActionView } from "#server/gabriel/console.ts";
import type { Controls } from "#server/gabriel/review-state.ts";
import { actionLine, actionName } from "./action-words.tsx";
import { duration } from "./transparency-figures.tsx";

const messagesDeclared = defineMessages({
  title: { id: "gabriel.console.title", defaultMessage: "Gabriel AI" },
  lead: {
    id: "gabriel.console.lead",
    defaultMessage: "Rule-based agents watch the platform; people decide every case that affects a citizen.",
  },
  statusActive: { id: "gabriel.console.statusActive", defaultMessage: "Active", description: "An agent's status." },
  statusProcessing: {
    id: "gabriel.console.statusProcessing",
    defaultMessage: "Processing",
    description: "An agent's status.",
  },
  statusPaused: { id: "gabriel.console.statusPaused", defaultMessage: "Paused", description: "An agent's status." },
  statusError: { id: "gabriel.console.statusError", defaultMessage: "Error", description: "An agent's status." },
  statusWarning: { id: "gabriel.console.statusWarning", defaultMessage: "Warning", description: "An agent's status." },
  stateRunning: { id: "gabriel.console.stateRunning", defaultMessage: "Running", description: "The agents' state." },
  stateRunningText: {
    id: "gabriel.console.stateRunningText",
    defaultMessage: "The agents look at the platform every minute.",
  },
  statePaused: { id: "gabriel.console.statePaused", defaultMessage: "Paused", description: "The agents' state." },
  statePausedText: {
    id: "gabriel.console.statePausedText",
    defaultMessage: "Operations are paused: the agents take no new work until an administrator resumes them.",
  },
  stateStopped: {
    id: "gabriel.console.stateStopped",
    defaultMessage: "Emergency stop",
    description: "The agents' state.",
  },
  stateStoppedText: {
    id: "gabriel.console.stateStoppedText",
    defaultMessage: "Every agent is stopped: no automated task runs until an administrator resumes them.",
  },
  decisionRecorded: { id: "gabriel.console.decisionRecorded", defaultMessage: "Decision Recorded" },
  decisionRecordedText: {
    id: "gabriel.console.decisionRecordedText",
    defaultMessage: "HITL decision has been processed successfully",
    description: "HITL: human in the loop, a person's review.",
  },
  agentsResumed: { id: "gabriel.console.agentsResumed", defaultMessage: "Agents Resumed" },
  operationsPaused: { id: "gabriel.console.operationsPaused", defaultMessage: "Operations Paused" },
  emergencyStop: { id: "gabriel.console.emergencyStop", defaultMessage: "Emergency Stop" },
  summary: { id: "gabriel.console.summary", defaultMessage: "Summary" },
  tileActiveAgents: { id: "gabriel.console.tileActiveAgents", defaultMessage: "Active Agents" },
  tileTasksToday: { id: "gabriel.console.tileTasksToday", defaultMessage: "Tasks Today" },
  tileSuccessRate: { id: "gabriel.console.tileSuccessRate", defaultMessage: "Success Rate" },
  tileHitlRequired: {
    id: "gabriel.console.tileHitlRequired",
    defaultMessage: "HITL Required",
    description: "HITL: human in the loop, cases waiting for a person's review.",
  },
  noRunsYet: { id: "gabriel.console.noRunsYet", defaultMessage: "No runs yet" },
  percent: { id: "gabriel.console.percent", defaultMessage: "{rate}%" },
  systemHealth: { id: "gabriel.console.systemHealth", defaultMessage: "System Health" },
  resumedBy: {
    id: "gabriel.console.resumedBy",
    defaultMessage: "Resumed by {name}.",
  },
  resumedByAt: { id: "gabriel.console.resumedByAt", defaultMessage: "Resumed by {name} at {at}." },
  pausedBy: { id: "gabriel.console.pausedBy", defaultMessage: "Paused by {name}." },
  pausedByAt: { id: "gabriel.console.pausedByAt", defaultMessage: "Paused by {name} at {at}." },
  stoppedBy: { id: "gabriel.console.stoppedBy", defaultMessage: "Stopped by {name}." },
  stoppedByAt: { id: "gabriel.console.stoppedByAt", defaultMessage: "Stopped by {name} at {at}." },
  resumedByReason: { id: "gabriel.console.resumedByReason", defaultMessage: "Resumed by {name}: “{reason}”." },
  resumedByAtReason: {
    id: "gabriel.console.resumedByAtReason",
    defaultMessage: "Resumed by {name} at {at}: “{reason}”.",
  },
  pausedByReason: { id: "gabriel.console.pausedByReason", defaultMessage: "Paused by {name}: “{reason}”." },
  pausedByAtReason: { id: "gabriel.console.pausedByAtReason", defaultMessage: "Paused by {name} at {at}: “{reason}”." },
  stoppedByReason: { id: "gabriel.console.stoppedByReason", defaultMessage: "Stopped by {name}: “{reason}”." },
  stoppedByAtReason: {
    id: "gabriel.console.stoppedByAtReason",
    defaultMessage: "Stopped by {name} at {at}: “{reason}”.",
  },
  lastRun: { id: "gabriel.console.lastRun", defaultMessage: "Last run" },
  notYet: { id: "gabriel.console.notYet", defaultMessage: "Not yet" },
  eventsJudged: { id: "gabriel.console.eventsJudged", defaultMessage: "Events judged up to" },
  noneYet: { id: "gabriel.console.noneYet", defaultMessage: "None yet" },
  failedRuns: { id: "gabriel.console.failedRuns", defaultMessage: "Failed runs (24 h)" },
  liveUpdates: { id: "gabriel.console.liveUpdates", defaultMessage: "Live updates" },
  connected: { id: "gabriel.console.connected", defaultMessage: "Connected" },
  reconnecting: { id: "gabriel.console.reconnecting", defaultMessage: "Reconnecting" },
  controls: { id: "gabriel.console.controls", defaultMessage: "Controls" },
  resumeAll: { id: "gabriel.console.resumeAll", defaultMessage: "Resume All Agents" },
  pauseOperations: { id: "gabriel.console.pauseOperations", defaultMessage: "Pause Operations" },
  configurePolicies: { id: "gabriel.console.configurePolicies", defaultMessage: "Configure Policies" },
  agentsRan: { id: "gabriel.console.agentsRan", defaultMessage: "Agents Ran" },
  agentsRanText: {
    id: "gabriel.console.agentsRanText",
    defaultMessage: "The agents have looked at the platform's latest events.",
  },
  runNow: { id: "gabriel.console.runNow", defaultMessage: "Run Agents Now" },
  onlyAdmins: {
    id: "gabriel.console.onlyAdmins",
    defaultMessage: "Only administrators control the agents. You can review the cases in the queue.",
  },
  agents: { id: "gabriel.console.agents", defaultMessage: "Agents" },
  tasksToday: { id: "gabriel.console.tasksToday", defaultMessage: "Tasks today" },
  successRate: { id: "gabriel.console.successRate", defaultMessage: "Success rate" },
  queue: { id: "gabriel.console.queue", defaultMessage: "Queue", description: "An agent's cases waiting." },
  averageRun: { id: "gabriel.console.averageRun", defaultMessage: "Average run" },
  milliseconds: { id: "gabriel.console.milliseconds", defaultMessage: "{ms} ms" },
  waitingOn: { id: "gabriel.console.waitingOn", defaultMessage: "Waiting on a person: {task}" },
  nothingWaiting: { id: "gabriel.console.nothingWaiting", defaultMessage: "Nothing waiting on a person" },
  decidedByPeople: { id: "gabriel.console.decidedByPeople", defaultMessage: "Cases decided by people: {progress}%" },
  decidedByPeopleLabel: {
    id: "gabriel.console.decidedByPeopleLabel",
    defaultMessage: "{agent}: cases decided by people",
  },
  reviewQueue: { id: "gabriel.console.reviewQueue", defaultMessage: "Human Review Queue" },
  casesWaiting: {
    id: "gabriel.console.casesWaiting",
    defaultMessage: "{count, plural, one {# case is waiting for a person} other {# cases are waiting for a person}}",
  },
  priorityHigh: { id: "gabriel.console.priorityHigh", defaultMessage: "high", description: "A case's priority." },
  priorityMedium: {
    id: "gabriel.console.priorityMedium",
    defaultMessage: "medium",
    description: "A case's priority.",
  },
  priorityLow: { id: "gabriel.console.priorityLow", defaultMessage: "low", description: "A case's priority." },
  itemLine: {
    id: "gabriel.console.itemLine",
    defaultMessage: "{agent} · case {caseId} · waiting {waiting}",
  },
  itemLineAssigned: {
    id: "gabriel.console.itemLineAssigned",
    defaultMessage: "{agent} · case {caseId} · waiting {waiting} · assigned to {assignee}",
  },
  reviewCase: { id: "gabriel.console.reviewCase", defaultMessage: "Review Case" },
  escalate: { id: "gabriel.console.escalate", defaultMessage: "Escalate" },
  assignExpert: { id: "gabriel.console.assignExpert", defaultMessage: "Assign Expert" },
  noCasesWaiting: { id: "gabriel.console.noCasesWaiting", defaultMessage: "No cases are waiting for a person." },
  recentlyDecided: { id: "gabriel.console.recentlyDecided", defaultMessage: "Recently decided" },
  decidedApproved: {
    id: "gabriel.console.decidedApproved",
    defaultMessage: "<b>{title}</b>: approved by {name}, {at}",
  },
  decidedEscalated: {
    id: "gabriel.console.decidedEscalated",
    defaultMessage: "<b>{title}</b>: escalated by {name}, {at}",
  },
  recentActions: { id: "gabriel.console.recentActions", defaultMessage: "Recent Agent Actions" },
  recentActionsLabel: {
    id: "gabriel.console.recentActionsLabel",
    defaultMessage: "Recent agent actions, newest first",
  },
  noData: { id: "gabriel.console.noData", defaultMessage: "No data available" },
  stopDescription: {
    id: "gabriel.console.stopDescription",
    defaultMessage: "Every agent stops at once; no automated task runs until an administrator resumes them.",
  },
  policiesDescription: {
    id: "gabriel.console.policiesDescription",
    defaultMessage: "Each agent's thresholds. Changes apply from the next run and are audited.",
  },
  assignDescription: {
    id: "gabriel.console.assignDescription",
    defaultMessage: "One reviewer at a time: the item is theirs until they decide it.",
  },
  expertAssigned: { id: "gabriel.console.expertAssigned", defaultMessage: "Expert Assigned" },
  expertAssignedText: { id: "gabriel.console.expertAssignedText", defaultMessage: "The case has been assigned." },
  stopReason: { id: "gabriel.console.stopReason", defaultMessage: "Why are you stopping every agent?" },
  stopEvery: { id: "gabriel.console.stopEvery", defaultMessage: "Stop every agent" },
  fieldLabel: {
    id: "gabriel.console.fieldLabel",
    defaultMessage: "{label} ({unit})",
    description: "A threshold and its unit.",
  },
  fieldHint: { id: "gabriel.console.fieldHint", defaultMessage: "{min} to {max}. {help}" },
  savePolicies: { id: "gabriel.console.savePolicies", defaultMessage: "Save policies" },
  reviewer: { id: "gabriel.console.reviewer", defaultMessage: "Reviewer" },
  you: { id: "gabriel.console.you", defaultMessage: "{name} (you)" },
  assign: { id: "gabriel.console.assign", defaultMessage: "Assign" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

/** A case's title in the page's language; a case raised before titles had a kind, in its English (WCAG 3.1.2). */
function CaseTitleText({ title, words }: { title: string; words: CaseTitle | null | undefined }) {
  const intl = useIntl();
  return words ? caseTitle(intl, words) : <span lang="en">{title}</span>;
}

/**
 * A case's description in the page's language, worded by its title's kind; a case raised before
 * descriptions had values, in its English (WCAG 3.1.2).
 */
function CaseDescriptionText({
  description,
  title,
  values,
}: {
  description: string;
  title: CaseTitle | null | undefined;
  values: CaseDescriptionValues | null | undefined;
}) {
  const intl = useIntl();
  return title && values ? (
    <p className="mt-1 text-sm">{caseDescription(intl, title.kind, values)}</p>
  ) : (
    <p className="mt-1 text-sm" lang="en">
      {description}
    </p>
  );
}

type AgentCard = AgentView & {
  /** The agent as core/gabriel/agents.ts declares it; null for a row of a type this build does not know. */
  definition: { type: AgentType; purpose: string; fields: Record<string, ConfigField> } | null;
};

export interface GabrielConsoleData {
  viewer: { id: string; name: string; admin: boolean };
  agents: AgentCard[];
  controls: Controls;
  queue: QueueItemView[];
  actions: ActionView[];
  reviewers: { id: string; name: string }[];
  failedRunsToday: number;
  now: string;
}

/** Spec 000 §5: active; processing or analyzing (Processing); paused; error or failed (Error); warning; other. */
function agentBadge(intl: IntlShape, status: string): { label: string; tone: Tone } {
  const say = (message: MessageDescriptor) => intl.formatMessage(message);
  if (status === "active") return { label: say(messages.statusActive), tone: "ok" };
  if (status === "processing" || status === "analyzing") return { label: say(messages.statusProcessing), tone: "info" };
  if (status === "paused") return { label: say(messages.statusPaused), tone: "warn" };
  if (status === "error" || status === "failed") return { label: say(messages.statusError), tone: "bad" };
  if (status === "warning") return { label: say(messages.statusWarning), tone: "warn" };
  return { label: status, tone: "neutral" };
}

const PRIORITY: Record<string, { tone: Tone; words: MessageDescriptor }> = {
  high: { tone: "bad", words: messages.priorityHigh },
  medium: { tone: "warn", words: messages.priorityMedium },
  low: { tone: "info", words: messages.priorityLow },
};

/** "Resumed by …", "Paused by …", "Stopped by …", with when and why when known: one sentence each. */
const CHANGED_BY: Record<Controls["state"], Record<"plain" | "at" | "reason" | "atReason", MessageDescriptor>> = {
  running: {
    plain: messages.resumedBy,
    at: messages.resumedByAt,
    reason: messages.resumedByReason,
    atReason: messages.resumedByAtReason,
  },
  paused: {
    plain: messages.pausedBy,
    at: messages.pausedByAt,
    reason: messages.pausedByReason,
    atReason: messages.pausedByAtReason,
  },
  stopped: {
    plain: messages.stoppedBy,
    at: messages.stoppedByAt,
    reason: messages.stoppedByReason,
    atReason: messages.stoppedByAtReason,
  },
};

/** Spec 000 §9's formulas over the agents and the queue; the success rate is the mean over agents that have run (null: none has). */
function summaryTiles(agents: AgentView[], queue: QueueItemView[]) {
  const rates = agents.map((a) => a.metrics.successRate).filter((rate): rate is number => rate !== null);
  return {
    activeAgents: agents.filter((a) => a.status === "active").length,
    tasksToday: agents.reduce((sum, a) => sum + a.metrics.tasksCompleted, 0),
    successRate: rates.length ? Math.round((rates.reduce((s, r) => s + r, 0) / rates.length) * 10) / 10 : null,
    hitlRequired: queue.filter((item) => !item.decision).length,
  };
}

const STATE_TEXT: Record<Controls["state"], { label: MessageDescriptor; tone: Tone; text: MessageDescriptor }> = {
  running: { label: messages.stateRunning, tone: "ok", text: messages.stateRunningText },
  paused: { label: messages.statePaused, tone: "warn", text: messages.statePausedText },
  stopped: { label: messages.stateStopped, tone: "bad", text: messages.stateStoppedText },
};

export function GabrielConsole({
  viewer,
  agents,
  controls,
  queue,
  actions,
  reviewers,
  failedRunsToday,
}: GabrielConsoleData) {
  const intl = useIntl();
  const f = useFormats();
  const { busy, mutate: send, toast, revalidator } = useMutation();
  const [connected, setConnected] = useState(false);
  const [dialog, setDialog] = useState<null | "policies" | "stop" | { assign: QueueItemView }>(null);
  const tiles = summaryTiles(agents, queue);

  // Every message (the overview on connecting, an item, the controls) means the page's data moved on.
  useLiveSocket<{ type: "overview" | "item" | "controls" }>("/api/gabriel/live", {
    onMessage: (message) => {
      if (message.type !== "overview") revalidator.revalidate();
    },
    onOpen: (again) => {
      if (again) revalidator.revalidate();
    },
    onConnectionChange: setConnected,
  });

  const decide = (item: QueueItemView, decision: "approved" | "escalated") =>
    send(
      "POST",
      `/api/gabriel/hitl/${item.id}/decision`,
      { decision },
      {
        done: () =>
          toast({
            title: intl.formatMessage(messages.decisionRecorded),
            description: intl.formatMessage(messages.decisionRecordedText),
          }),
      },
    );

  const control = (action: "resume" | "pause" | "emergency-stop", reason?: string) =>
    send(
      "POST",
      "/api/gabriel/controls",
      { action, ...(reason ? { reason } : {}) },
      {
        done: () =>
          toast({
            title: intl.formatMessage(
              action === "resume"
                ? messages.agentsResumed
                : action === "pause"
                  ? messages.operationsPaused
                  : messages.emergencyStop,
            ),
            description: intl.formatMessage(
              STATE_TEXT[action === "resume" ? "running" : action === "pause" ? "paused" : "stopped"].text,
            ),
          }),
      },
    );

  const open = queue.filter((item) => !item.decision);
  const decided = queue.filter((item) => item.decision).slice(0, 10);
  const state = STATE_TEXT[controls.state];
  const rate = (value: number | null) =>
    value === null
      ? intl.formatMessage(messages.noRunsYet)
      : intl.formatMessage(messages.percent, { rate: f.number(value) });
  const changedBy = () => {
    if (!controls.changedBy) return null;
    const forms = CHANGED_BY[controls.state];
    const at = controls.changedAt ? f.dateTime(controls.changedAt) : null;
    const values = { name: controls.changedBy.name, at: at ?? "", reason: controls.reason ?? "" };
    const form = at ? (controls.reason ? forms.atReason : forms.at) : controls.reason ? forms.reason : forms.plain;
    return intl.formatMessage(form, values);
  };

  return (
    <SignedInPage title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead)}>
      <section
        aria-label={intl.formatMessage(messages.summary)}
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="gabriel-tiles"
      >
        {(
          [
            ["active-agents", messages.tileActiveAgents, f.number(tiles.activeAgents)],
            ["tasks-today", messages.tileTasksToday, f.number(tiles.tasksToday)],
            ["success-rate", messages.tileSuccessRate, rate(tiles.successRate)],
            ["hitl-required", messages.tileHitlRequired, f.number(tiles.hitlRequired)],
          ] as const
        ).map(([key, label, value]) => (
          <Card key={key} className="p-5">
            <p className="text-sm font-semibold text-govuk-grey dark:text-slate-400">{intl.formatMessage(label)}</p>
            <p className="mt-1 text-3xl font-bold" data-testid={`tile-${key}`}>
              {value}
            </p>
          </Card>
        ))}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel
          title={intl.formatMessage(messages.systemHealth)}
          id="health-heading"
          aside={
            <StatusBadge tone={state.tone} data-testid="control-state">
              {intl.formatMessage(state.label)}
            </StatusBadge>
          }
        >
          <p role="status">{intl.formatMessage(state.text)}</p>
          {controls.changedBy ? <p className="mt-2 text-sm">{changedBy()}</p> : null}
          <dl className="mt-3 grid gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt>{intl.formatMessage(messages.lastRun)}</dt>
              <dd>{controls.lastRunAt ? f.dateTime(controls.lastRunAt) : intl.formatMessage(messages.notYet)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{intl.formatMessage(messages.eventsJudged)}</dt>
              <dd>{controls.cursor ? f.dateTime(controls.cursor.at) : intl.formatMessage(messages.noneYet)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{intl.formatMessage(messages.failedRuns)}</dt>
              <dd>{f.number(failedRunsToday)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{intl.formatMessage(messages.liveUpdates)}</dt>
              <dd>{intl.formatMessage(connected ? messages.connected : messages.reconnecting)}</dd>
            </div>
          </dl>
        </Panel>

        <Panel title={intl.formatMessage(messages.controls)} id="controls-heading" className="lg:col-span-2">
          {viewer.admin ? (
            <div className="flex flex-wrap gap-3">
              <Button
                onClick={() => void control("resume")}
                disabled={busy || controls.state === "running"}
                data-testid="button-resume-agents"
              >
                {intl.formatMessage(messages.resumeAll)}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void control("pause")}
                disabled={busy || controls.state !== "running"}
                data-testid="button-pause-operations"
              >
                {intl.formatMessage(messages.pauseOperations)}
              </Button>
              <Button
                variant="outline"
                onClick={() => setDialog("policies")}
                disabled={busy}
                data-testid="button-configure-policies"
              >
                {intl.formatMessage(messages.configurePolicies)}
              </Button>
              <Button
                variant="destructive"
                onClick={() => setDialog("stop")}
                disabled={busy || controls.state === "stopped"}
                data-testid="button-emergency-stop"
              >
                {intl.formatMessage(messages.emergencyStop)}
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  void send(
                    "POST",
                    "/api/gabriel/run",
                    {},
                    {
                      done: () =>
                        toast({
                          title: intl.formatMessage(messages.agentsRan),
                          description: intl.formatMessage(messages.agentsRanText),
                        }),
                    },
                  )
                }
                disabled={busy || controls.state !== "running"}
                data-testid="button-run-now"
              >
                {intl.formatMessage(messages.runNow)}
              </Button>
            </div>
          ) : (
            <p>{intl.formatMessage(messages.onlyAdmins)}</p>
          )}
        </Panel>
      </div>

      <section aria-labelledby="agents-heading" className="mt-6">
        <h2 id="agents-heading" className="text-2xl font-bold">
          {intl.formatMessage(messages.agents)}
        </h2>
        <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {agents.map((agent) => {
            const badge = agentBadge(intl, agent.status);
            const name = agent.definition ? agentName(intl, agent.definition.type) : agent.name;
            return (
              <li key={agent.id}>
                <Card
                  as="article"
                  aria-labelledby={`agent-${agent.id}`}
                  className="h-full p-5"
                  data-testid="agent-card"
                >
                  <div className="flex items-start justify-between gap-2">
                    <h3 id={`agent-${agent.id}`} className="text-lg font-bold">
                      {name}
                    </h3>
                    <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
                  </div>
                  <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
                    {agent.definition ? agentPurpose(intl, agent.definition.type) : null}
                  </p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt>{intl.formatMessage(messages.tasksToday)}</dt>
                    <dd className="text-end font-semibold">{f.number(agent.metrics.tasksCompleted)}</dd>
                    <dt>{intl.formatMessage(messages.successRate)}</dt>
                    <dd className="text-end font-semibold">{rate(agent.metrics.successRate)}</dd>
                    <dt>{intl.formatMessage(messages.queue)}</dt>
                    <dd className="text-end font-semibold">{f.number(agent.metrics.queueLength)}</dd>
                    <dt>{intl.formatMessage(messages.averageRun)}</dt>
                    <dd className="text-end font-semibold">
                      {intl.formatMessage(messages.milliseconds, { ms: f.number(agent.metrics.avgTime) })}
                    </dd>
                  </dl>
                  <p className="mt-3 text-sm">
                    {agent.metrics.currentTask
                      ? intl.formatMessage(messages.waitingOn, {
                          task: (
                            <CaseTitleText title={agent.metrics.currentTask} words={agent.metrics.currentTaskWords} />
                          ),
                        })
                      : intl.formatMessage(messages.nothingWaiting)}
                  </p>
                  <p className="mt-2 text-sm">
                    {intl.formatMessage(messages.decidedByPeople, { progress: f.number(agent.metrics.progress) })}
                  </p>
                  <ProgressBar
                    value={agent.metrics.progress}
                    label={intl.formatMessage(messages.decidedByPeopleLabel, { agent: name })}
                    className="mt-1 h-2"
                  />
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title={intl.formatMessage(messages.reviewQueue)} id="queue-heading" className="lg:col-span-2">
          <p className="sr-only" role="status">
            {intl.formatMessage(messages.casesWaiting, { count: open.length })}
          </p>
          {open.length ? (
            <ul className="grid gap-3" data-testid="hitl-queue">
              {open.map((item) => {
                const elsewhere = Boolean(item.assignee && item.assignee.id !== viewer.id);
                const priority = PRIORITY[item.priority];
                const line = {
                  agent: agentName(intl, item.agent),
                  caseId: item.caseId,
                  waiting: duration(intl, item.waitingTime).toLocaleLowerCase(intl.locale),
                  assignee: item.assignee?.name ?? "",
                };
                return (
                  <li
                    key={item.id}
                    className="rounded-sm border border-govuk-border p-3 dark:border-slate-700"
                    data-testid="hitl-item"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 className="font-bold">
                        <CaseTitleText title={item.title} words={item.titleWords} />
                      </h3>
                      <StatusBadge tone={priority?.tone ?? "neutral"}>
                        {priority ? intl.formatMessage(priority.words) : item.priority}
                      </StatusBadge>
                    </div>
                    <CaseDescriptionText
                      description={item.description}
                      title={item.titleWords}
                      values={item.descriptionValues}
                    />
                    <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
                      {intl.formatMessage(item.assignee ? messages.itemLineAssigned : messages.itemLine, line)}
                    </p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button
                        className="px-2 py-1 text-sm"
                        disabled={busy || elsewhere}
                        onClick={() => void decide(item, "approved")}
                        data-testid="button-review-case"
                      >
                        {intl.formatMessage(messages.reviewCase)}
                        <span className="sr-only">
                          : <CaseTitleText title={item.title} words={item.titleWords} />
                        </span>
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-sm"
                        disabled={busy || elsewhere}
                        onClick={() => void decide(item, "escalated")}
                        data-testid="button-escalate"
                      >
                        {intl.formatMessage(messages.escalate)}
                        <span className="sr-only">
                          : <CaseTitleText title={item.title} words={item.titleWords} />
                        </span>
                      </Button>
                      <Button
                        variant="outline"
                        className="px-2 py-1 text-sm"
                        disabled={busy}
                        onClick={() => setDialog({ assign: item })}
                        data-testid="button-assign-expert"
                      >
                        {intl.formatMessage(messages.assignExpert)}
                        <span className="sr-only">
                          : <CaseTitleText title={item.title} words={item.titleWords} />
                        </span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p>{intl.formatMessage(messages.noCasesWaiting)}</p>
          )}
          {decided.length ? (
            <>
              <h3 className="mt-5 font-bold">{intl.formatMessage(messages.recentlyDecided)}</h3>
              <ul className="mt-2 grid gap-2" data-testid="hitl-decided">
                {decided.map((item) => (
                  <li key={item.id} className="text-sm">
                    {intl.formatMessage(
                      item.decision!.decision === "escalated" ? messages.decidedEscalated : messages.decidedApproved,
                      {
                        title: <CaseTitleText title={item.title} words={item.titleWords} />,
                        name: item.decision!.by.name,
                        at: f.dateTime(item.decision!.at),
                        b: (chunks: ReactNode[]) => <span className="font-semibold">{chunks}</span>,
                      },
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Panel>

        <Panel title={intl.formatMessage(messages.recentActions)} id="actions-heading">
          {actions.length ? (
            <ol
              className="max-h-96 overflow-y-auto pe-2"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be focusable so a keyboard can scroll it (WCAG 2.1.1)
              tabIndex={0}
              aria-label={intl.formatMessage(messages.recentActionsLabel)}
              data-testid="agent-actions"
            >
              {actions.map((action) => (
                <li
                  key={action.id}
                  className="border-b border-govuk-border py-2 text-sm last:border-0 dark:border-slate-700"
                >
                  <p className="font-semibold">{actionName(intl, action.action)}</p>
                  <p>{actionLine(intl, action.words)}</p>
                  <p className="text-govuk-grey dark:text-slate-400">
                    {f.dateTime(action.timestamp)} ·{" "}
                    {action.by ?? (action.agentType ? agentName(intl, action.agentType) : "Gabriel")}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p>{intl.formatMessage(messages.noData)}</p>
          )}
        </Panel>
      </div>

      <Dialog
        open={dialog === "stop"}
        onClose={() => setDialog(null)}
        title={intl.formatMessage(messages.emergencyStop)}
        description={intl.formatMessage(messages.stopDescription)}
        testId="stop-dialog"
      >
        <StopForm busy={busy} onStop={async (reason) => (await control("emergency-stop", reason)) && setDialog(null)} />
      </Dialog>
      <Dialog
        open={dialog === "policies"}
        onClose={() => setDialog(null)}
        title={intl.formatMessage(messages.configurePolicies)}
        description={intl.formatMessage(messages.policiesDescription)}
        testId="policies-dialog"
      >
        <PoliciesForm agents={agents} busy={busy} send={send} onDone={() => setDialog(null)} />
      </Dialog>
      <Dialog
        open={dialog !== null && typeof dialog === "object"}
        onClose={() => setDialog(null)}
        title={intl.formatMessage(messages.assignExpert)}
        description={intl.formatMessage(messages.assignDescription)}
        testId="assign-dialog"
      >
        {dialog && typeof dialog === "object" ? (
          <AssignForm
            item={dialog.assign}
            reviewers={reviewers}
            viewerId={viewer.id}
            busy={busy}
            onAssign={async (assigneeId) =>
              (await send(
                "POST",
                `/api/gabriel/hitl/${dialog.assign.id}/assign`,
                { assigneeId },
                {
                  done: () =>
                    toast({
                      title: intl.formatMessage(messages.expertAssigned),
                      description: intl.formatMessage(messages.expertAssignedText),
                    }),
                },
              )) && setDialog(null)
            }
          />
        ) : null}
      </Dialog>
    </SignedInPage>
  );
}

function StopForm({ busy, onStop }: { busy: boolean; onStop: (reason: string) => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState("");
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onStop(reason);
      }}
    >
      <TextField
        name="stop-reason"
        label={intl.formatMessage(messages.stopReason)}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        maxLength={500}
        autoComplete="off"
      />
      <Button type="submit" variant="destructive" disabled={busy || !reason.trim()}>
        {intl.formatMessage(messages.stopEvery)}
      </Button>
    </form>
  );
}

function PoliciesForm({
  agents,
  busy,
  send,
  onDone,
}: {
  agents: AgentCard[];
  busy: boolean;
  send: ReturnType<typeof useMutation>["mutate"];
  onDone: () => void;
}) {
  const intl = useIntl();
  const f = useFormats();
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      agents.map((a) => [
        a.id,
        Object.fromEntries(
          Object.keys(a.definition?.fields ?? {}).map((k) => [
            k,
            String(a.config[k] ?? a.definition!.fields[k]!.default),
          ]),
        ),
      ]),
    ),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only the agents whose thresholds changed: each change is a policy decision in the audit log.
    const changed = agents
      .map((agent) => ({
        agent,
        config: Object.fromEntries(Object.entries(values[agent.id] ?? {}).map(([k, v]) => [k, Number(v)])),
      }))
      .filter(({ agent, config }) =>
        Object.entries(config).some(([k, v]) => v !== Number(agent.config[k] ?? agent.definition?.fields[k]?.default)),
      );
    for (const [index, { agent, config }] of changed.entries()) {
      // The page's data is read again once, after the last.
      if (
        (await send(
          "PATCH",
          `/api/gabriel/agents/${agent.id}`,
          { config },
          { revalidate: index === changed.length - 1 },
        )) === undefined
      )
        return;
    }
    onDone();
  };
  return (
    <form className="grid max-h-[60vh] gap-4 overflow-y-auto pe-1" onSubmit={submit}>
      {agents.map((agent) => (
        <fieldset key={agent.id} className="grid gap-2">
          <legend className="font-bold">
            {agent.definition ? agentName(intl, agent.definition.type) : agent.name}
          </legend>
          {(Object.entries(agent.definition?.fields ?? {}) as [ConfigFieldKey, ConfigField][]).map(([key, field]) => (
            <TextField
              key={key}
              compact
              name={`${agent.type}-${key}`}
              label={intl.formatMessage(messages.fieldLabel, {
                label: configLabel(intl, key),
                unit: configUnit(intl, field.unit),
              })}
              hint={intl.formatMessage(messages.fieldHint, {
                min: f.number(field.min),
                max: f.number(field.max),
                help: configHelp(intl, key),
              })}
              type="number"
              min={field.min}
              max={field.max}
              step={1}
              required
              value={values[agent.id]?.[key] ?? ""}
              onChange={(e) =>
                setValues((all) => ({ ...all, [agent.id]: { ...all[agent.id], [key]: e.target.value } }))
              }
            />
          ))}
        </fieldset>
      ))}
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(messages.savePolicies)}
      </Button>
    </form>
  );
}

function AssignForm({
  item,
  reviewers,
  viewerId,
  busy,
  onAssign,
}: {
  item: QueueItemView;
  reviewers: { id: string; name: string }[];
  viewerId: string;
  busy: boolean;
  onAssign: (id: string) => void;
}) {
  const intl = useIntl();
  const [assignee, setAssignee] = useState(item.assignee?.id ?? viewerId);
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onAssign(assignee);
      }}
    >
      <p className="text-sm">
        <CaseTitleText title={item.title} words={item.titleWords} />
      </p>
      <SelectField
        label={intl.formatMessage(messages.reviewer)}
        options={reviewers.map((r) => ({
          value: r.id,
          label: r.id === viewerId ? intl.formatMessage(messages.you, { name: r.name }) : r.name,
        }))}
        value={assignee}
        onChange={(e) => setAssignee(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {intl.formatMessage(messages.assign)}
      </Button>
    </form>
  );
}
