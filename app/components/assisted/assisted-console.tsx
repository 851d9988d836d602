/**
 * The assisted-digital operator console (spec 000 §2; issue 10) at /assisted and /assisted-digital.
 * Live throughout, with no polling: the selected session over its object's WebSocket, the office's
 * lists re-read when its board says they changed, supervisors' consoles hearing Call Supervisor.
 */
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats, usePageLanguage } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { useNow } from "#app/components/ui/use-now.ts";
import type {
  ActionAnswer,
  CreateSessionRequest,
  QueueAddRequest,
  QueueChange,
  SessionPatch,
  SupervisorCallRequest,
} from "#core/assisted/api.ts";
import type { AssistedSession } from "#core/assisted/session.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { OfficeMessage, SupervisorCall } from "#server/assisted/office-feed.ts";
import type { QueueEntry } from "#server/assisted/queue.ts";
import type { SessionSummary } from "#server/assisted/sessions.ts";
import { useLiveSocket } from "./live-socket.ts";
import { OfficeSessions, SessionQueue } from "./office-panels.tsx";
import { type Act, paperPage, SessionPanel } from "./session-panel.tsx";
import {
  ActivityLog,
  type Contact,
  EmergencyContacts,
  HardwareStatus,
  OperatorCard,
  type StaffCard,
} from "./side-panels.tsx";

const messagesDeclared = defineMessages({
  title: { id: "assisted.console.title", defaultMessage: "Operator Dashboard" },
  lead: { id: "assisted.console.lead", defaultMessage: "Assisted digital at {office}" },
  approvalRequestedTitle: { id: "assisted.console.approvalRequestedTitle", defaultMessage: "Approval requested" },
  approvalRequestedBody: {
    id: "assisted.console.approvalRequestedBody",
    defaultMessage: "A session in this office is waiting for a supervisor.",
  },
  liveStoppedTitle: { id: "assisted.console.liveStoppedTitle", defaultMessage: "Live Updates Stopped" },
  liveStoppedBody: {
    id: "assisted.console.liveStoppedBody",
    defaultMessage: "The connection to this session could not be restored. Reload the page.",
  },
  updateError: { id: "assisted.console.updateError", defaultMessage: "Update Error" },
  sessionUpdatedTitle: { id: "assisted.console.sessionUpdatedTitle", defaultMessage: "Session Updated" },
  sessionUpdatedBody: {
    id: "assisted.console.sessionUpdatedBody",
    defaultMessage: "Session has been updated successfully",
  },
  sessionCreatedTitle: { id: "assisted.console.sessionCreatedTitle", defaultMessage: "Session Created" },
  sessionCreatedBody: {
    id: "assisted.console.sessionCreatedBody",
    defaultMessage: "New assisted session has been started",
  },
  queueUpdatedTitle: { id: "assisted.console.queueUpdatedTitle", defaultMessage: "Queue Updated" },
  supervisorCalledTitle: { id: "assisted.console.supervisorCalledTitle", defaultMessage: "Supervisor Called" },
  supervisorCalledBody: {
    id: "assisted.console.supervisorCalledBody",
    defaultMessage:
      "{reached, plural, one {# supervisor console in this office has been alerted.} other {# supervisor consoles in this office have been alerted.}}",
  },
  noSupervisorTitle: { id: "assisted.console.noSupervisorTitle", defaultMessage: "No Supervisor Online" },
  noSupervisorBody: {
    id: "assisted.console.noSupervisorBody",
    defaultMessage: "No supervisor has the console open right now. Phone one of the emergency contacts.",
  },
  noPaperTitle: { id: "assisted.console.noPaperTitle", defaultMessage: "No Paper QR Yet" },
  noPaperWallet: {
    id: "assisted.console.noPaperWallet",
    defaultMessage:
      "This client's credentials went to their wallet. A paper QR is printed when step 4 issues on paper.",
  },
  noPaperSession: {
    id: "assisted.console.noPaperSession",
    defaultMessage: "Open a session and reach step 4, Issue credentials, choosing On paper.",
  },
  supervisorNeeded: { id: "assisted.console.supervisorNeeded", defaultMessage: "A supervisor is needed" },
  callAt: { id: "assisted.console.callAt", defaultMessage: "{name} called at {time}." },
  callAtAbout: {
    id: "assisted.console.callAtAbout",
    defaultMessage: "{name} called at {time} about the session for {client}.",
  },
  openSession: { id: "assisted.console.openSession", defaultMessage: "Open session" },
  dismiss: { id: "assisted.console.dismiss", defaultMessage: "Dismiss" },
  office: { id: "assisted.console.office", defaultMessage: "Office" },
  quickActions: { id: "assisted.console.quickActions", defaultMessage: "Quick Actions" },
  newSession: { id: "assisted.console.newSession", defaultMessage: "New Assisted Session" },
  generatePaperQr: { id: "assisted.console.generatePaperQr", defaultMessage: "Generate Paper QR" },
  callSupervisor: { id: "assisted.console.callSupervisor", defaultMessage: "Call Supervisor" },
  noSessionHeading: { id: "assisted.console.noSessionHeading", defaultMessage: "No session selected" },
  noSessionBody: {
    id: "assisted.console.noSessionBody",
    defaultMessage: "Start a New Assisted Session, start one from the queue, or open a session of this office.",
  },
  queueAdded: { id: "assisted.console.queueAdded", defaultMessage: "{client} added to the queue" },
  queueArrived: { id: "assisted.console.queueArrived", defaultMessage: "Marked arrived" },
  queueRemoved: { id: "assisted.console.queueRemoved", defaultMessage: "Removed from the queue" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

export interface ConsoleData {
  staff: StaffCard & { id: string };
  office: { id: string; name: string; address: string };
  offices: { id: string; name: string }[];
  open: SessionSummary[];
  ended: SessionSummary[];
  selected: AssistedSession | null;
  queue: QueueEntry[];
  contacts: Contact[];
}

/** The later of two states of one session: its events only grow, so the longer log is the newer. */
const lastSeq = (session: AssistedSession) => session.events.at(-1)?.seq ?? 0;
function newest(current: AssistedSession | null, incoming: AssistedSession | null): AssistedSession | null {
  if (!current || !incoming || current.id !== incoming.id) return incoming;
  return lastSeq(incoming) >= lastSeq(current) ? incoming : current;
}

export function AssistedConsole({
  staff,
  office,
  offices,
  open,
  ended,
  selected: loaded,
  queue,
  contacts,
}: ConsoleData) {
  const intl = useIntl();
  const f = useFormats();
  const { busy, mutate, toast, revalidator } = useMutation();
  // The client's language for their paper credential (issue 21): the operator's own until they pick another.
  const [clientLocale, setClientLocale] = useState<Locale>(usePageLanguage().locale);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("session");
  const [session, setSession] = useState<AssistedSession | null>(loaded);
  const [connected, setConnected] = useState(false);
  const [calls, setCalls] = useState<SupervisorCall[]>([]);
  const sessionHeading = useRef<HTMLDivElement>(null);
  const noSessionHeading = useRef<HTMLHeadingElement>(null);
  const toldOfApproval = useRef(new Set<string>());

  // The loader, the socket and the API's answers all bring the session: the newest wins.
  useEffect(() => setSession((current) => newest(current, loaded)), [loaded]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another session selected means its socket is not connected yet
  useEffect(() => setConnected(false), [selectedId]);
  const shown = session && session.id === selectedId ? session : null;
  const expiry = shown?.approval ? Date.parse(shown.approval.expiresAt) : null;
  const now = new Date(useNow(expiry));

  const select = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set("session", id);
      else next.delete("session");
      setParams(next, { preventScrollReset: true });
      // Focus follows the selection, so keyboard and screen reader users land where the work is.
      window.setTimeout(
        () =>
          (id
            ? sessionHeading.current?.querySelector<HTMLElement>("#session-heading")
            : noSessionHeading.current
          )?.focus(),
        50,
      );
    },
    [params, setParams],
  );

  const officeQuery = staff.role === "admin" ? `?office=${office.id}` : "";
  useLiveSocket<OfficeMessage>(`/api/assisted/office/live${officeQuery}`, {
    onMessage(message) {
      if (message.type === "changed") {
        revalidator.revalidate();
        // Once per request for approval, not at every later change of the same session.
        const id = message.sessionId;
        if (
          id &&
          message.awaitingApproval &&
          staff.supervisor &&
          id !== selectedId &&
          !toldOfApproval.current.has(id)
        ) {
          toldOfApproval.current.add(id);
          toast({
            title: intl.formatMessage(messages.approvalRequestedTitle),
            description: intl.formatMessage(messages.approvalRequestedBody),
          });
        }
        if (id && message.awaitingApproval === false) toldOfApproval.current.delete(id);
      } else if (message.type === "supervisor-call" && message.from.id !== staff.id) {
        setCalls((list) => [message, ...list].slice(0, 5));
      }
    },
    // After a drop (or a deploy) the lists may be stale: read them again.
    onOpen: (again) => {
      if (again) revalidator.revalidate();
    },
  });

  // Only a session this console may see (the loader found it): no socket for an id it was refused.
  useLiveSocket<{ type: "session"; session: AssistedSession | null }>(
    shown ? `/api/assisted/sessions/${shown.id}/live` : null,
    {
      onMessage({ session: next }) {
        if (next && next.id === selectedId) setSession((current) => newest(current, next));
      },
      onConnectionChange: setConnected,
      onGiveUp: () =>
        toast({
          title: intl.formatMessage(messages.liveStoppedTitle),
          description: intl.formatMessage(messages.liveStoppedBody),
          variant: "destructive",
        }),
    },
  );

  /** A session's new state from the API: the newest state wins (the live feed may already be ahead). */
  const took = (next: AssistedSession) => setSession((current) => newest(current, next));

  /** A change to the session (PATCH): "Session Updated", or "Update Error" with the server's words (spec 000 §8). */
  const update = (body: SessionPatch, after?: (s: AssistedSession) => void) =>
    shown &&
    mutate<AssistedSession>("PATCH", `/api/assisted/sessions/${shown.id}`, body, {
      failure: intl.formatMessage(messages.updateError),
      revalidate: false,
      done: (next) => {
        took(next);
        toast({
          title: intl.formatMessage(messages.sessionUpdatedTitle),
          description: intl.formatMessage(messages.sessionUpdatedBody),
        });
        after?.(next);
      },
    });

  const act: Act = async (body, success, onAnswer) =>
    Boolean(
      shown &&
        (await mutate<ActionAnswer>("POST", `/api/assisted/sessions/${shown.id}/actions`, body, {
          failure: intl.formatMessage(messages.updateError),
          revalidate: false,
          done: (answer) => {
            // The session is kept; what only this operator may see (offers) goes to the step that asked.
            const { offers: _, ...next } = answer;
            took(next);
            onAnswer?.(answer);
            if (success) toast({ title: intl.formatMessage(messages.sessionUpdatedTitle), description: success });
          },
        })),
    );

  /** A call whose answer is a new session (New Assisted Session, Start session from the queue). */
  const start = (url: string, body?: CreateSessionRequest) =>
    mutate<AssistedSession>("POST", url, body, {
      done: (created) => {
        setSession(created);
        toast({
          title: intl.formatMessage(messages.sessionCreatedTitle),
          description: intl.formatMessage(messages.sessionCreatedBody),
        });
        select(created.id);
      },
    });

  const queueCall = async (
    method: "POST" | "PATCH",
    url: string,
    body: QueueAddRequest | QueueChange,
    success: string,
  ): Promise<boolean> =>
    (await mutate(method, url, body, {
      done: () => success && toast({ title: intl.formatMessage(messages.queueUpdatedTitle), description: success }),
    })) !== undefined;

  const callSupervisor = () => {
    const body: SupervisorCallRequest = {
      ...(shown ? { sessionId: shown.id } : {}),
      ...(staff.role === "admin" ? { officeId: office.id } : {}),
    };
    return mutate<{ reached: number }>("POST", "/api/assisted/call-supervisor", body, {
      revalidate: false,
      done: ({ reached }) =>
        toast(
          reached
            ? {
                title: intl.formatMessage(messages.supervisorCalledTitle),
                description: intl.formatMessage(messages.supervisorCalledBody, { reached }),
              }
            : {
                title: intl.formatMessage(messages.noSupervisorTitle),
                description: intl.formatMessage(messages.noSupervisorBody),
                variant: "destructive",
              },
        ),
    });
  };

  const generatePaperQr = () => {
    if (shown?.issuance?.paperCredentialIds.length) {
      window.open(paperPage(shown.id, clientLocale), "_blank", "noopener");
      return;
    }
    toast({
      title: intl.formatMessage(messages.noPaperTitle),
      description: intl.formatMessage(shown?.issuance ? messages.noPaperWallet : messages.noPaperSession),
    });
  };

  const officeLink = (id: string) => {
    const next = new URLSearchParams();
    next.set("office", id);
    setParams(next);
  };

  return (
    <SignedInPage
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead, { office: office.name })}
    >
      {calls.length ? (
        <div
          role="alert"
          className="mt-6 rounded-sm border-s-8 border-s-govuk-red bg-red-50 p-4 dark:border-s-red-500 dark:bg-slate-800"
          data-testid="supervisor-calls"
        >
          <h2 className="text-lg font-bold">{intl.formatMessage(messages.supervisorNeeded)}</h2>
          <ul className="mt-2 grid gap-2">
            {calls.map((call) => (
              <li key={call.at + call.from.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {call.clientName
                    ? intl.formatMessage(messages.callAtAbout, {
                        name: call.from.name,
                        time: f.time(call.at),
                        client: call.clientName,
                      })
                    : intl.formatMessage(messages.callAt, { name: call.from.name, time: f.time(call.at) })}
                </span>
                {call.sessionId ? (
                  <Button variant="outline" className="px-2 py-1 text-sm" onClick={() => select(call.sessionId)}>
                    {intl.formatMessage(messages.openSession)}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <Button variant="secondary" className="mt-3 px-2 py-1 text-sm" onClick={() => setCalls([])}>
            {intl.formatMessage(messages.dismiss)}
          </Button>
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          <OperatorCard staff={staff} officeName={office.name} />
          {offices.length > 1 ? (
            <SelectField
              label={intl.formatMessage(messages.office)}
              options={offices.map((o) => ({ value: o.id, label: o.name }))}
              value={office.id}
              onChange={(e) => officeLink(e.target.value)}
            />
          ) : null}
          <Panel title={intl.formatMessage(messages.quickActions)} id="quick-actions-heading">
            <div className="grid gap-2">
              <Button
                onClick={() =>
                  void start("/api/assisted/sessions", staff.role === "admin" ? { officeId: office.id } : {})
                }
                disabled={busy}
                data-testid="button-new-session"
              >
                {intl.formatMessage(messages.newSession)}
              </Button>
              <Button variant="outline" onClick={generatePaperQr} data-testid="button-paper-qr">
                {intl.formatMessage(messages.generatePaperQr)}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void callSupervisor()}
                disabled={busy}
                data-testid="button-call-supervisor"
              >
                {intl.formatMessage(messages.callSupervisor)}
              </Button>
            </div>
          </Panel>
          <HardwareStatus />
        </div>

        <div className="grid content-start gap-6 lg:col-span-2" ref={sessionHeading}>
          {shown ? (
            <SessionPanel
              session={shown}
              viewer={{ id: staff.id, supervisor: staff.supervisor }}
              now={now}
              busy={busy}
              connected={connected}
              act={act}
              clientLocale={clientLocale}
              onClientLocale={setClientLocale}
              onContinue={() => void update({ currentStep: shown.currentStep + 1 })}
              onPause={() => void update({ status: "paused" })}
              onResume={() => void update({ status: "active" })}
              onEnd={() =>
                void update({ status: "completed", completedAt: new Date().toISOString() }, () => select(null))
              }
            />
          ) : (
            <Card as="section" aria-labelledby="no-session-heading" className="p-5">
              <h2 id="no-session-heading" ref={noSessionHeading} tabIndex={-1} className="text-xl font-bold">
                {intl.formatMessage(messages.noSessionHeading)}
              </h2>
              <p className="mt-3">{intl.formatMessage(messages.noSessionBody)}</p>
            </Card>
          )}
          <div className="grid gap-6 md:grid-cols-2">
            <SessionQueue
              queue={queue}
              busy={busy}
              onAdd={(entry) =>
                queueCall(
                  "POST",
                  "/api/assisted/queue",
                  { ...entry, ...(staff.role === "admin" ? { officeId: office.id } : {}) },
                  intl.formatMessage(messages.queueAdded, { client: entry.clientName }),
                )
              }
              onArrived={(id) =>
                void queueCall(
                  "PATCH",
                  `/api/assisted/queue/${id}`,
                  { status: "ready" },
                  intl.formatMessage(messages.queueArrived),
                )
              }
              onRemove={(id) =>
                void queueCall(
                  "PATCH",
                  `/api/assisted/queue/${id}`,
                  {
                    status: "removed",
                  },
                  intl.formatMessage(messages.queueRemoved),
                )
              }
              onStart={(id) => void start(`/api/assisted/queue/${id}/start`)}
            />
            <ActivityLog events={shown?.events ?? null} />
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <OfficeSessions open={open} ended={ended} selectedId={selectedId} onSelect={select} />
            <EmergencyContacts contacts={contacts} />
          </div>
        </div>
      </div>
    </SignedInPage>
  );
}
