/**
 * The office's shared lists on the operator console: the session queue (walk-ins waiting,
 * appointments scheduled, arrivals ready; spec 000 §2) and the sessions in the office, with the
 * ones waiting for a supervisor marked. Both are read from the loader and read again whenever the
 * office's board says they changed.
 */
import { type FormEvent, useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { QueueAddRequest } from "#core/assisted/api.ts";
import type { SessionStatus } from "#core/assisted/session.ts";
import type { Tone } from "#core/format/tone.ts";
import type { QueueEntry } from "#server/assisted/queue.ts";
import type { SessionSummary } from "#server/assisted/sessions.ts";
import { SESSION_STATUS } from "./session-panel.tsx";

const messagesDeclared = defineMessages({
  ready: { id: "assisted.office.ready", defaultMessage: "Ready", description: "Queue badge: the client has arrived." },
  waiting: { id: "assisted.office.waiting", defaultMessage: "Waiting" },
  scheduled: { id: "assisted.office.scheduled", defaultMessage: "Scheduled" },
  queue: { id: "assisted.office.queue", defaultMessage: "Session Queue" },
  appointment: {
    id: "assisted.office.appointment",
    defaultMessage: "Appointment {when} · {assistanceType}",
  },
  walkIn: { id: "assisted.office.walkIn", defaultMessage: "Walk-in since {when} · {assistanceType}" },
  markArrived: { id: "assisted.office.markArrived", defaultMessage: "Mark arrived<hidden>: {client}</hidden>" },
  startSession: { id: "assisted.office.startSession", defaultMessage: "Start session<hidden>: {client}</hidden>" },
  remove: { id: "assisted.office.remove", defaultMessage: "Remove<hidden>: {client}</hidden>" },
  nobodyWaiting: {
    id: "assisted.office.nobodyWaiting",
    defaultMessage: "Nobody is waiting and no appointments are booked.",
  },
  addToQueueForm: { id: "assisted.office.addToQueueForm", defaultMessage: "Add to the queue" },
  clientName: { id: "assisted.office.clientName", defaultMessage: "Client name" },
  appointmentTime: {
    id: "assisted.office.appointmentTime",
    defaultMessage: "Appointment time (leave empty for a walk-in)",
  },
  addToQueue: { id: "assisted.office.addToQueue", defaultMessage: "Add to queue" },
  awaitingApproval: { id: "assisted.office.awaitingApproval", defaultMessage: "Awaiting approval" },
  sessionLine: {
    id: "assisted.office.sessionLine",
    defaultMessage: "Step {step} of {total} · {operator} · started {when}",
  },
  shown: { id: "assisted.office.shown", defaultMessage: "Shown", description: "Button of the session now shown." },
  open: { id: "assisted.office.open", defaultMessage: "Open", description: "Button: show this session." },
  sessionFor: { id: "assisted.office.sessionFor", defaultMessage: ": session for {client}" },
  sessions: { id: "assisted.office.sessions", defaultMessage: "Sessions in this office" },
  noneOpen: { id: "assisted.office.noneOpen", defaultMessage: "No sessions are open." },
  recentlyEnded: { id: "assisted.office.recentlyEnded", defaultMessage: "Recently ended" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

const QUEUE_BADGES: Record<QueueEntry["status"], { label: MessageDescriptor; tone: Tone }> = {
  ready: { label: messages.ready, tone: "ok" },
  waiting: { label: messages.waiting, tone: "warn" },
  scheduled: { label: messages.scheduled, tone: "info" },
};

/** Words only a screen reader says (which button of which client). */

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
  const intl = useIntl();
  const f = useFormats();
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
    <Panel title={intl.formatMessage(messages.queue)} id="queue-heading">
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
                <StatusBadge tone={QUEUE_BADGES[entry.status].tone}>
                  {intl.formatMessage(QUEUE_BADGES[entry.status].label)}
                </StatusBadge>
              </div>
              <p className="text-sm text-govuk-grey dark:text-slate-400">
                {entry.appointmentTime
                  ? intl.formatMessage(messages.appointment, {
                      when: f.dateTime(entry.appointmentTime),
                      assistanceType: entry.assistanceType,
                    })
                  : intl.formatMessage(messages.walkIn, {
                      when: f.dateTime(entry.createdAt),
                      assistanceType: entry.assistanceType,
                    })}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {entry.status === "scheduled" ? (
                  <Button
                    variant="outline"
                    className="px-2 py-1 text-sm"
                    disabled={busy}
                    onClick={() => onArrived(entry.id)}
                  >
                    {intl.formatMessage(messages.markArrived, { client: entry.clientName, hidden: screenReaderOnly })}
                  </Button>
                ) : (
                  <Button className="px-2 py-1 text-sm" disabled={busy} onClick={() => onStart(entry.id)}>
                    {intl.formatMessage(messages.startSession, { client: entry.clientName, hidden: screenReaderOnly })}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-sm"
                  disabled={busy}
                  onClick={() => onRemove(entry.id)}
                >
                  {intl.formatMessage(messages.remove, { client: entry.clientName, hidden: screenReaderOnly })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{intl.formatMessage(messages.nobodyWaiting)}</p>
      )}
      <form
        className="mt-4 grid gap-2 border-t border-govuk-border pt-3 dark:border-slate-700"
        onSubmit={submit}
        aria-label={intl.formatMessage(messages.addToQueueForm)}
      >
        <TextField
          compact
          name="queue-client"
          label={intl.formatMessage(messages.clientName)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={120}
          autoComplete="off"
        />
        <TextField
          compact
          name="queue-time"
          label={intl.formatMessage(messages.appointmentTime)}
          type="datetime-local"
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {intl.formatMessage(messages.addToQueue)}
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
  const intl = useIntl();
  const f = useFormats();
  const row = (session: SessionSummary) => {
    const status = SESSION_STATUS[session.status as SessionStatus];
    const badge = status
      ? { label: intl.formatMessage(status.label), tone: status.tone }
      : { label: session.status, tone: "neutral" as Tone };
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
                {intl.formatMessage(messages.awaitingApproval)}
              </StatusBadge>
            ) : null}
          </p>
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.sessionLine, {
              step: session.currentStep,
              total: session.totalSteps,
              operator: session.operatorName,
              when: f.dateTime(session.startedAt),
            })}
          </p>
        </div>
        <Button
          variant={session.id === selectedId ? "secondary" : "outline"}
          className="px-2 py-1 text-sm"
          aria-pressed={session.id === selectedId}
          onClick={() => onSelect(session.id)}
        >
          {intl.formatMessage(session.id === selectedId ? messages.shown : messages.open)}
          <span className="sr-only">{intl.formatMessage(messages.sessionFor, { client: session.clientName })}</span>
        </Button>
      </li>
    );
  };
  return (
    <Panel title={intl.formatMessage(messages.sessions)} id="office-sessions-heading">
      {open.length ? (
        <ul data-testid="open-sessions">{open.map(row)}</ul>
      ) : (
        <p className="text-sm">{intl.formatMessage(messages.noneOpen)}</p>
      )}
      {ended.length ? (
        <>
          <h3 className="mt-4 font-bold">{intl.formatMessage(messages.recentlyEnded)}</h3>
          <ul>{ended.map(row)}</ul>
        </>
      ) : null}
    </Panel>
  );
}
