/**
 * The assisted-digital operator console (spec 000 §2; issue 10) at /assisted and /assisted-digital.
 * Live throughout, with no polling: the selected session over its object's WebSocket, the office's
 * lists re-read when its board says they changed, supervisors' consoles hearing Call Supervisor.
 */
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { useNow } from "#app/components/ui/use-now.ts";
import type {
  CreateSessionRequest,
  QueueAddRequest,
  QueueChange,
  SessionPatch,
  SupervisorCallRequest,
} from "#core/assisted/api.ts";
import type { AssistedSession } from "#core/assisted/session.ts";
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
  const { busy, mutate, toast, revalidator } = useMutation();
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
          toast({ title: "Approval requested", description: "A session in this office is waiting for a supervisor." });
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
          title: "Live Updates Stopped",
          description: "The connection to this session could not be restored. Reload the page.",
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
      failure: "Update Error",
      revalidate: false,
      done: (next) => {
        took(next);
        toast({ title: "Session Updated", description: "Session has been updated successfully" });
        after?.(next);
      },
    });

  const act: Act = async (body, success) =>
    Boolean(
      shown &&
        (await mutate<AssistedSession>("POST", `/api/assisted/sessions/${shown.id}/actions`, body, {
          failure: "Update Error",
          revalidate: false,
          done: (next) => {
            took(next);
            if (success) toast({ title: "Session Updated", description: success });
          },
        })),
    );

  /** A call whose answer is a new session (New Assisted Session, Start session from the queue). */
  const start = (url: string, body?: CreateSessionRequest) =>
    mutate<AssistedSession>("POST", url, body, {
      done: (created) => {
        setSession(created);
        toast({ title: "Session Created", description: "New assisted session has been started" });
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
      done: () => success && toast({ title: "Queue Updated", description: success }),
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
                title: "Supervisor Called",
                description: `${reached} supervisor console${reached === 1 ? "" : "s"} in this office ${reached === 1 ? "has" : "have"} been alerted.`,
              }
            : {
                title: "No Supervisor Online",
                description: "No supervisor has the console open right now. Phone one of the emergency contacts.",
                variant: "destructive",
              },
        ),
    });
  };

  const generatePaperQr = () => {
    if (shown?.issuance?.paperCredentialIds.length) {
      window.open(paperPage(shown.id), "_blank", "noopener");
      return;
    }
    toast({
      title: "No Paper QR Yet",
      description: shown?.issuance
        ? "This client's credentials went to their wallet. A paper QR is printed when step 4 issues on paper."
        : "Open a session and reach step 4, Issue credentials, choosing On paper.",
    });
  };

  const officeLink = (id: string) => {
    const next = new URLSearchParams();
    next.set("office", id);
    setParams(next);
  };

  return (
    <SignedInPage title="Operator Dashboard" lead={`Assisted digital at ${office.name}`}>
      {calls.length ? (
        <div
          role="alert"
          className="mt-6 rounded-sm border-s-8 border-s-govuk-red bg-red-50 p-4 dark:border-s-red-500 dark:bg-slate-800"
          data-testid="supervisor-calls"
        >
          <h2 className="text-lg font-bold">A supervisor is needed</h2>
          <ul className="mt-2 grid gap-2">
            {calls.map((call) => (
              <li key={call.at + call.from.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {call.from.name} called at {new Date(call.at).toLocaleTimeString("en-GB")}
                  {call.clientName ? ` about the session for ${call.clientName}` : ""}.
                </span>
                {call.sessionId ? (
                  <Button variant="outline" className="px-2 py-1 text-sm" onClick={() => select(call.sessionId)}>
                    Open session
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <Button variant="secondary" className="mt-3 px-2 py-1 text-sm" onClick={() => setCalls([])}>
            Dismiss
          </Button>
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          <OperatorCard staff={staff} officeName={office.name} />
          {offices.length > 1 ? (
            <SelectField
              label="Office"
              options={offices.map((o) => ({ value: o.id, label: o.name }))}
              value={office.id}
              onChange={(e) => officeLink(e.target.value)}
            />
          ) : null}
          <Panel title="Quick Actions" id="quick-actions-heading">
            <div className="grid gap-2">
              <Button
                onClick={() =>
                  void start("/api/assisted/sessions", staff.role === "admin" ? { officeId: office.id } : {})
                }
                disabled={busy}
                data-testid="button-new-session"
              >
                New Assisted Session
              </Button>
              <Button variant="outline" onClick={generatePaperQr} data-testid="button-paper-qr">
                Generate Paper QR
              </Button>
              <Button
                variant="secondary"
                onClick={() => void callSupervisor()}
                disabled={busy}
                data-testid="button-call-supervisor"
              >
                Call Supervisor
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
                No session selected
              </h2>
              <p className="mt-3">
                Start a New Assisted Session, start one from the queue, or open a session of this office.
              </p>
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
                  `${entry.clientName} added to the queue`,
                )
              }
              onArrived={(id) =>
                void queueCall("PATCH", `/api/assisted/queue/${id}`, { status: "ready" }, "Marked arrived")
              }
              onRemove={(id) =>
                void queueCall("PATCH", `/api/assisted/queue/${id}`, { status: "removed" }, "Removed from the queue")
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
