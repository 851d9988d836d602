/**
 * The office's shared lists on the operator console: the session queue (walk-ins waiting,
 * appointments scheduled, arrivals ready; spec 000 §2) and the sessions in the office, with the
 * ones waiting for a supervisor marked. Both are read from the loader and read again whenever the
 * office's board says they changed.
 */
import { type FormEvent, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { QueueAddRequest } from "#core/assisted/api.ts";
import type { SessionStatus } from "#core/assisted/session.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import type { QueueEntry } from "#server/assisted/queue.ts";
import type { SessionSummary } from "#server/assisted/sessions.ts";
import { SESSION_STATUS } from "./session-panel.tsx";

const QUEUE_BADGES: Record<QueueEntry["status"], { label: string; tone: Tone }> = {
  ready: { label: "Ready", tone: "ok" },
  waiting: { label: "Waiting", tone: "warn" },
  scheduled: { label: "Scheduled", tone: "info" },
};

export function SessionQueue({
  queue,
  busy,
  onAdd,
  onArrived,
  onRemove,
  onStart,
}: {
  queue: QueueEntry[];
  busy: boolean;
  onAdd: (entry: Pick<QueueAddRequest, "clientName" | "appointmentTime">) => Promise<boolean>;
  onArrived: (id: string) => void;
  onRemove: (id: string) => void;
  onStart: (id: string) => void;
}) {
  const [name, setName] = useState("");
  const [time, setTime] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // datetime-local has no zone: it is the counter's local time, sent as an instant.
    const added = await onAdd({ clientName: name, ...(time ? { appointmentTime: new Date(time).toISOString() } : {}) });
    if (added) {
      setName("");
      setTime("");
    }
  };
  return (
    <Panel title="Session Queue" id="queue-heading">
      {queue.length ? (
        <ul className="grid gap-2" data-testid="session-queue">
          {queue.map((entry) => (
            <li
              key={entry.id}
              className="rounded-sm border border-govuk-border p-3 dark:border-slate-700"
              data-testid="queue-entry"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{entry.clientName}</span>
                <StatusBadge tone={QUEUE_BADGES[entry.status].tone}>{QUEUE_BADGES[entry.status].label}</StatusBadge>
              </div>
              <p className="text-sm text-govuk-grey dark:text-slate-400">
                {entry.appointmentTime
                  ? `Appointment ${formatDateTime(entry.appointmentTime)}`
                  : `Walk-in since ${formatDateTime(entry.createdAt)}`}{" "}
                · {entry.assistanceType}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {entry.status === "scheduled" ? (
                  <Button
                    variant="outline"
                    className="px-2 py-1 text-sm"
                    disabled={busy}
                    onClick={() => onArrived(entry.id)}
                  >
                    Mark arrived<span className="sr-only">: {entry.clientName}</span>
                  </Button>
                ) : (
                  <Button className="px-2 py-1 text-sm" disabled={busy} onClick={() => onStart(entry.id)}>
                    Start session<span className="sr-only">: {entry.clientName}</span>
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-sm"
                  disabled={busy}
                  onClick={() => onRemove(entry.id)}
                >
                  Remove<span className="sr-only">: {entry.clientName}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">Nobody is waiting and no appointments are booked.</p>
      )}
      <form
        className="mt-4 grid gap-2 border-t border-govuk-border pt-3 dark:border-slate-700"
        onSubmit={submit}
        aria-label="Add to the queue"
      >
        <TextField
          compact
          name="queue-client"
          label="Client name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={120}
          autoComplete="off"
        />
        <TextField
          compact
          name="queue-time"
          label="Appointment time (leave empty for a walk-in)"
          type="datetime-local"
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          Add to queue
        </Button>
      </form>
    </Panel>
  );
}

export function OfficeSessions({
  open,
  ended,
  selectedId,
  onSelect,
}: {
  open: SessionSummary[];
  ended: SessionSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const row = (session: SessionSummary) => {
    const badge = SESSION_STATUS[session.status as SessionStatus] ?? { label: session.status, tone: "neutral" as Tone };
    return (
      <li
        key={session.id}
        className="flex flex-wrap items-center justify-between gap-2 border-b border-govuk-border py-2 last:border-0 dark:border-slate-700"
        data-testid="office-session"
      >
        <div className="min-w-0">
          <p className="font-semibold">
            {session.clientName} <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>{" "}
            {session.awaitingApproval ? (
              <StatusBadge tone="warn" solid data-testid="awaiting-approval">
                Awaiting approval
              </StatusBadge>
            ) : null}
          </p>
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            Step {session.currentStep} of {session.totalSteps} · {session.operatorName} · started{" "}
            {formatDateTime(session.startedAt)}
          </p>
        </div>
        <Button
          variant={session.id === selectedId ? "secondary" : "outline"}
          className="px-2 py-1 text-sm"
          aria-pressed={session.id === selectedId}
          onClick={() => onSelect(session.id)}
        >
          {session.id === selectedId ? "Shown" : "Open"}
          <span className="sr-only">: session for {session.clientName}</span>
        </Button>
      </li>
    );
  };
  return (
    <Panel title="Sessions in this office" id="office-sessions-heading">
      {open.length ? (
        <ul data-testid="open-sessions">{open.map(row)}</ul>
      ) : (
        <p className="text-sm">No sessions are open.</p>
      )}
      {ended.length ? (
        <>
          <h3 className="mt-4 font-bold">Recently ended</h3>
          <ul>{ended.map(row)}</ul>
        </>
      ) : null}
    </Panel>
  );
}
