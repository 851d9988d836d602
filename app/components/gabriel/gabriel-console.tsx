/**
 * The Gabriel console (spec 000 §2 "AI orchestration console"; issue 11) at /gabriel: summary
 * tiles by the spec's formulas, system health, the controls (administrators), the four agents,
 * the human-review queue and recent agent actions, all from real records. The queue and the
 * controls update live over the orchestrator's WebSocket.
 */
import { type FormEvent, useState } from "react";
import { useLiveSocket } from "#app/components/assisted/live-socket.ts";
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
import { formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import type { ConfigField } from "#core/gabriel/agents.ts";
import type { AgentView, QueueItemView } from "#server/gabriel/api.ts";
import type { ActionView } from "#server/gabriel/console.ts";
import type { Controls } from "#server/gabriel/review-state.ts";
import { formatDuration } from "./transparency-figures.tsx";

type AgentCard = AgentView & { definition: { purpose: string; fields: Record<string, ConfigField> } | null };

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
function agentBadge(status: string): { label: string; tone: Tone } {
  if (status === "active") return { label: "Active", tone: "ok" };
  if (status === "processing" || status === "analyzing") return { label: "Processing", tone: "info" };
  if (status === "paused") return { label: "Paused", tone: "warn" };
  if (status === "error" || status === "failed") return { label: "Error", tone: "bad" };
  if (status === "warning") return { label: "Warning", tone: "warn" };
  return { label: status, tone: "neutral" };
}

const PRIORITY: Record<string, Tone> = { high: "bad", medium: "warn", low: "info" };

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

const STATE_TEXT: Record<Controls["state"], { label: string; tone: Tone; text: string }> = {
  running: { label: "Running", tone: "ok", text: "The agents look at the platform every minute." },
  paused: {
    label: "Paused",
    tone: "warn",
    text: "Operations are paused: the agents take no new work until an administrator resumes them.",
  },
  stopped: {
    label: "Emergency stop",
    tone: "bad",
    text: "Every agent is stopped: no automated task runs until an administrator resumes them.",
  },
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
        done: () => toast({ title: "Decision Recorded", description: "HITL decision has been processed successfully" }),
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
            title: action === "resume" ? "Agents Resumed" : action === "pause" ? "Operations Paused" : "Emergency Stop",
            description: STATE_TEXT[action === "resume" ? "running" : action === "pause" ? "paused" : "stopped"].text,
          }),
      },
    );

  const open = queue.filter((item) => !item.decision);
  const decided = queue.filter((item) => item.decision).slice(0, 10);
  const state = STATE_TEXT[controls.state];

  return (
    <SignedInPage
      title="Gabriel AI"
      lead="Rule-based agents watch the platform; people decide every case that affects a citizen."
    >
      <section
        aria-label="Summary"
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="gabriel-tiles"
      >
        {[
          ["Active Agents", String(tiles.activeAgents)],
          ["Tasks Today", String(tiles.tasksToday)],
          ["Success Rate", tiles.successRate === null ? "No runs yet" : `${tiles.successRate}%`],
          ["HITL Required", String(tiles.hitlRequired)],
        ].map(([label, value]) => (
          <Card key={label} className="p-5">
            <p className="text-sm font-semibold text-govuk-grey dark:text-slate-400">{label}</p>
            <p className="mt-1 text-3xl font-bold" data-testid={`tile-${label!.toLowerCase().replace(/ /g, "-")}`}>
              {value}
            </p>
          </Card>
        ))}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel
          title="System Health"
          id="health-heading"
          aside={
            <StatusBadge tone={state.tone} data-testid="control-state">
              {state.label}
            </StatusBadge>
          }
        >
          <p role="status">{state.text}</p>
          {controls.changedBy ? (
            <p className="mt-2 text-sm">
              {controls.state === "running" ? "Resumed" : controls.state === "paused" ? "Paused" : "Stopped"} by{" "}
              {controls.changedBy.name}
              {controls.changedAt ? ` at ${formatDateTime(controls.changedAt)}` : ""}
              {controls.reason ? `: “${controls.reason}”` : ""}.
            </p>
          ) : null}
          <dl className="mt-3 grid gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <dt>Last run</dt>
              <dd>{controls.lastRunAt ? formatDateTime(controls.lastRunAt) : "Not yet"}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Events judged up to</dt>
              <dd>{controls.cursor ? formatDateTime(controls.cursor.at) : "None yet"}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Failed runs (24 h)</dt>
              <dd>{failedRunsToday}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Live updates</dt>
              <dd>{connected ? "Connected" : "Reconnecting"}</dd>
            </div>
          </dl>
        </Panel>

        <Panel title="Controls" id="controls-heading" className="lg:col-span-2">
          {viewer.admin ? (
            <div className="flex flex-wrap gap-3">
              <Button
                onClick={() => void control("resume")}
                disabled={busy || controls.state === "running"}
                data-testid="button-resume-agents"
              >
                Resume All Agents
              </Button>
              <Button
                variant="secondary"
                onClick={() => void control("pause")}
                disabled={busy || controls.state !== "running"}
                data-testid="button-pause-operations"
              >
                Pause Operations
              </Button>
              <Button
                variant="outline"
                onClick={() => setDialog("policies")}
                disabled={busy}
                data-testid="button-configure-policies"
              >
                Configure Policies
              </Button>
              <Button
                variant="destructive"
                onClick={() => setDialog("stop")}
                disabled={busy || controls.state === "stopped"}
                data-testid="button-emergency-stop"
              >
                Emergency Stop
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
                          title: "Agents Ran",
                          description: "The agents have looked at the platform's latest events.",
                        }),
                    },
                  )
                }
                disabled={busy || controls.state !== "running"}
                data-testid="button-run-now"
              >
                Run Agents Now
              </Button>
            </div>
          ) : (
            <p>Only administrators control the agents. You can review the cases in the queue.</p>
          )}
        </Panel>
      </div>

      <section aria-labelledby="agents-heading" className="mt-6">
        <h2 id="agents-heading" className="text-2xl font-bold">
          Agents
        </h2>
        <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {agents.map((agent) => {
            const badge = agentBadge(agent.status);
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
                      {agent.name}
                    </h3>
                    <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
                  </div>
                  <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{agent.definition?.purpose}</p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt>Tasks today</dt>
                    <dd className="text-end font-semibold">{agent.metrics.tasksCompleted}</dd>
                    <dt>Success rate</dt>
                    <dd className="text-end font-semibold">
                      {agent.metrics.successRate === null ? "No runs yet" : `${agent.metrics.successRate}%`}
                    </dd>
                    <dt>Queue</dt>
                    <dd className="text-end font-semibold">{agent.metrics.queueLength}</dd>
                    <dt>Average run</dt>
                    <dd className="text-end font-semibold">{agent.metrics.avgTime} ms</dd>
                  </dl>
                  <p className="mt-3 text-sm">
                    {agent.metrics.currentTask
                      ? `Waiting on a person: ${agent.metrics.currentTask}`
                      : "Nothing waiting on a person"}
                  </p>
                  <p className="mt-2 text-sm">Cases decided by people: {agent.metrics.progress}%</p>
                  <ProgressBar
                    value={agent.metrics.progress}
                    label={`${agent.name}: cases decided by people`}
                    className="mt-1 h-2"
                  />
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title="Human Review Queue" id="queue-heading" className="lg:col-span-2">
          <p className="sr-only" role="status">
            {open.length === 1 ? "1 case is waiting for a person" : `${open.length} cases are waiting for a person`}
          </p>
          {open.length ? (
            <ul className="grid gap-3" data-testid="hitl-queue">
              {open.map((item) => {
                const elsewhere = Boolean(item.assignee && item.assignee.id !== viewer.id);
                return (
                  <li
                    key={item.id}
                    className="rounded-sm border border-govuk-border p-3 dark:border-slate-700"
                    data-testid="hitl-item"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 className="font-bold">{item.title}</h3>
                      <StatusBadge tone={PRIORITY[item.priority] ?? "neutral"}>{item.priority}</StatusBadge>
                    </div>
                    <p className="mt-1 text-sm">{item.description}</p>
                    <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
                      {item.agentName} · case {item.caseId} · waiting {formatDuration(item.waitingTime).toLowerCase()}
                      {item.assignee ? ` · assigned to ${item.assignee.name}` : ""}
                    </p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button
                        className="px-2 py-1 text-sm"
                        disabled={busy || elsewhere}
                        onClick={() => void decide(item, "approved")}
                        data-testid="button-review-case"
                      >
                        Review Case<span className="sr-only">: {item.title}</span>
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-sm"
                        disabled={busy || elsewhere}
                        onClick={() => void decide(item, "escalated")}
                        data-testid="button-escalate"
                      >
                        Escalate<span className="sr-only">: {item.title}</span>
                      </Button>
                      <Button
                        variant="outline"
                        className="px-2 py-1 text-sm"
                        disabled={busy}
                        onClick={() => setDialog({ assign: item })}
                        data-testid="button-assign-expert"
                      >
                        Assign Expert<span className="sr-only">: {item.title}</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p>No cases are waiting for a person.</p>
          )}
          {decided.length ? (
            <>
              <h3 className="mt-5 font-bold">Recently decided</h3>
              <ul className="mt-2 grid gap-2" data-testid="hitl-decided">
                {decided.map((item) => (
                  <li key={item.id} className="text-sm">
                    <span className="font-semibold">{item.title}</span>: {item.decision!.decision} by{" "}
                    {item.decision!.by.name}, {formatDateTime(item.decision!.at)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Panel>

        <Panel title="Recent Agent Actions" id="actions-heading">
          {actions.length ? (
            <ol
              className="max-h-96 overflow-y-auto pe-2"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be focusable so a keyboard can scroll it (WCAG 2.1.1)
              tabIndex={0}
              aria-label="Recent agent actions, newest first"
              data-testid="agent-actions"
            >
              {actions.map((action) => (
                <li
                  key={action.id}
                  className="border-b border-govuk-border py-2 text-sm last:border-0 dark:border-slate-700"
                >
                  <p className="font-semibold">{action.action.replace(/_/g, " ")}</p>
                  <p>{action.summary}</p>
                  <p className="text-govuk-grey dark:text-slate-400">
                    {formatDateTime(action.timestamp)} ·{" "}
                    {action.by ?? (action.agentType ? `${action.agentType} agent` : "Gabriel")}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p>No data available</p>
          )}
        </Panel>
      </div>

      <Dialog
        open={dialog === "stop"}
        onClose={() => setDialog(null)}
        title="Emergency Stop"
        description="Every agent stops at once; no automated task runs until an administrator resumes them."
        testId="stop-dialog"
      >
        <StopForm busy={busy} onStop={async (reason) => (await control("emergency-stop", reason)) && setDialog(null)} />
      </Dialog>
      <Dialog
        open={dialog === "policies"}
        onClose={() => setDialog(null)}
        title="Configure Policies"
        description="Each agent's thresholds. Changes apply from the next run and are audited."
        testId="policies-dialog"
      >
        <PoliciesForm agents={agents} busy={busy} send={send} onDone={() => setDialog(null)} />
      </Dialog>
      <Dialog
        open={dialog !== null && typeof dialog === "object"}
        onClose={() => setDialog(null)}
        title="Assign Expert"
        description="One reviewer at a time: the item is theirs until they decide it."
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
                { done: () => toast({ title: "Expert Assigned", description: "The case has been assigned." }) },
              )) && setDialog(null)
            }
          />
        ) : null}
      </Dialog>
    </SignedInPage>
  );
}

function StopForm({ busy, onStop }: { busy: boolean; onStop: (reason: string) => void }) {
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
        label="Why are you stopping every agent?"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        maxLength={500}
        autoComplete="off"
      />
      <Button type="submit" variant="destructive" disabled={busy || !reason.trim()}>
        Stop every agent
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
          <legend className="font-bold">{agent.name}</legend>
          {Object.entries(agent.definition?.fields ?? {}).map(([key, field]) => (
            <TextField
              key={key}
              compact
              name={`${agent.type}-${key}`}
              label={`${field.label} (${field.unit})`}
              hint={`${field.min} to ${field.max}. ${field.help}`}
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
        Save policies
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
  const [assignee, setAssignee] = useState(item.assignee?.id ?? viewerId);
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onAssign(assignee);
      }}
    >
      <p className="text-sm">{item.title}</p>
      <SelectField
        label="Reviewer"
        options={reviewers.map((r) => ({ value: r.id, label: r.id === viewerId ? `${r.name} (you)` : r.name }))}
        value={assignee}
        onChange={(e) => setAssignee(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        Assign
      </Button>
    </form>
  );
}
