/**
 * The operator console's side panels (spec 000 §2 "Assisted-digital operator console"): the
 * operator card from the signed-in person's record, hardware status as the browser reports it,
 * the activity log of the selected session, and the office's emergency contacts.
 */
import { type ReactNode, useEffect, useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { wordedEvent } from "#core/assisted/event-words.ts";
import type { SessionEvent } from "#core/assisted/session.ts";
import type { Tone } from "#core/format/tone.ts";

const messagesDeclared = defineMessages({
  role: { id: "assisted.side.role", defaultMessage: "Role" },
  authorisation: { id: "assisted.side.authorisation", defaultMessage: "Authorisation:" },
  level: { id: "assisted.side.level", defaultMessage: "Level {level}" },
  supervisorAuthority: { id: "assisted.side.supervisorAuthority", defaultMessage: "Supervisor authority:" },
  supervisorYes: { id: "assisted.side.supervisorYes", defaultMessage: "Yes: can approve dual-control steps" },
  supervisorNo: { id: "assisted.side.supervisorNo", defaultMessage: "No" },
  office: { id: "assisted.side.office", defaultMessage: "Office:" },
  checking: { id: "assisted.side.checking", defaultMessage: "Checking" },
  checkingDetail: { id: "assisted.side.checkingDetail", defaultMessage: "Asking the browser…" },
  notSupported: { id: "assisted.side.notSupported", defaultMessage: "Not supported" },
  notSupportedDetail: { id: "assisted.side.notSupportedDetail", defaultMessage: "This browser cannot use a camera." },
  notFound: { id: "assisted.side.notFound", defaultMessage: "Not found" },
  notFoundDetail: { id: "assisted.side.notFoundDetail", defaultMessage: "No camera is connected." },
  ready: { id: "assisted.side.ready", defaultMessage: "Ready" },
  readyDetail: { id: "assisted.side.readyDetail", defaultMessage: "A camera is connected and this site may use it." },
  blocked: { id: "assisted.side.blocked", defaultMessage: "Blocked" },
  blockedDetail: {
    id: "assisted.side.blockedDetail",
    defaultMessage: "A camera is connected but this site is not allowed to use it.",
  },
  permissionNeeded: { id: "assisted.side.permissionNeeded", defaultMessage: "Permission needed" },
  permissionNeededDetail: {
    id: "assisted.side.permissionNeededDetail",
    defaultMessage: "A camera is connected; the browser will ask before the first capture.",
  },
  nfcAvailable: { id: "assisted.side.nfcAvailable", defaultMessage: "Available" },
  nfcAvailableDetail: {
    id: "assisted.side.nfcAvailableDetail",
    defaultMessage: "Web NFC is available: chipped documents can be read.",
  },
  nfcNotAvailable: { id: "assisted.side.nfcNotAvailable", defaultMessage: "Not available" },
  nfcNotAvailableDetail: {
    id: "assisted.side.nfcNotAvailableDetail",
    defaultMessage: "This browser has no Web NFC: enter document details by hand.",
  },
  unknown: { id: "assisted.side.unknown", defaultMessage: "Unknown" },
  unknownDetail: { id: "assisted.side.unknownDetail", defaultMessage: "The browser would not say." },
  camera: { id: "assisted.side.camera", defaultMessage: "Camera" },
  nfcReader: { id: "assisted.side.nfcReader", defaultMessage: "NFC Reader" },
  printer: { id: "assisted.side.printer", defaultMessage: "Printer" },
  browserPrinting: { id: "assisted.side.browserPrinting", defaultMessage: "Browser printing" },
  browserPrintingDetail: {
    id: "assisted.side.browserPrintingDetail",
    defaultMessage: "Printers are chosen in the browser's print dialog.",
  },
  testPrint: { id: "assisted.side.testPrint", defaultMessage: "Test print" },
  hardwareStatus: { id: "assisted.side.hardwareStatus", defaultMessage: "Hardware Status" },
  activityLog: { id: "assisted.side.activityLog", defaultMessage: "Activity Log" },
  eventsLabel: { id: "assisted.side.eventsLabel", defaultMessage: "Session events, newest first" },
  eventWhen: {
    id: "assisted.side.eventWhen",
    defaultMessage: "{when} · {actor}",
    description: "Under an event of the activity log: when it happened and who did it.",
  },
  system: { id: "assisted.side.system", defaultMessage: "System", description: "The actor of an event nobody did." },
  selectSession: {
    id: "assisted.side.selectSession",
    defaultMessage: "Select a session to see what has happened in it.",
  },
  emergencyContacts: { id: "assisted.side.emergencyContacts", defaultMessage: "Emergency Contacts" },
  noData: { id: "assisted.side.noData", defaultMessage: "No data available" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

export interface StaffCard {
  name: string;
  role: "operator" | "admin";
  title: string;
  authorisationLevel: number;
  supervisor: boolean;
}

export function OperatorCard({ staff, officeName }: { staff: StaffCard; officeName: string }) {
  const intl = useIntl();
  return (
    <Panel title={staff.name} id="operator-card-heading">
      <dl className="grid gap-1 text-sm" data-testid="operator-card">
        <div>
          <dt className="sr-only">{intl.formatMessage(messages.role)}</dt>
          <dd className="font-semibold">{staff.title}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{intl.formatMessage(messages.authorisation)}</dt>
          <dd className="font-semibold">{intl.formatMessage(messages.level, { level: staff.authorisationLevel })}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{intl.formatMessage(messages.supervisorAuthority)}</dt>
          <dd className="font-semibold">
            {intl.formatMessage(staff.supervisor ? messages.supervisorYes : messages.supervisorNo)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{intl.formatMessage(messages.office)}</dt>
          <dd>{officeName}</dd>
        </div>
      </dl>
    </Panel>
  );
}

interface Reading {
  label: MessageDescriptor;
  tone: Tone;
  detail: MessageDescriptor;
}

const CHECKING: Reading = { label: messages.checking, tone: "neutral", detail: messages.checkingDetail };

/** The camera: present (a video input) and permitted, as far as this browser will say. */
async function cameraReading(): Promise<Reading> {
  if (!navigator.mediaDevices?.enumerateDevices)
    return { label: messages.notSupported, tone: "bad", detail: messages.notSupportedDetail };
  const devices = await navigator.mediaDevices.enumerateDevices();
  if (!devices.some((device) => device.kind === "videoinput"))
    return { label: messages.notFound, tone: "bad", detail: messages.notFoundDetail };
  let state: PermissionState | "unknown" = "unknown";
  try {
    state = (await navigator.permissions.query({ name: "camera" as PermissionName })).state;
  } catch {
    // Some browsers do not answer for the camera: say so rather than guess.
  }
  if (state === "granted") return { label: messages.ready, tone: "ok", detail: messages.readyDetail };
  if (state === "denied") return { label: messages.blocked, tone: "bad", detail: messages.blockedDetail };
  return {
    label: messages.permissionNeeded,
    tone: "warn",
    detail: messages.permissionNeededDetail,
  };
}

function nfcReading(): Reading {
  return "NDEFReader" in window
    ? { label: messages.nfcAvailable, tone: "ok", detail: messages.nfcAvailableDetail }
    : { label: messages.nfcNotAvailable, tone: "warn", detail: messages.nfcNotAvailableDetail };
}

/** Hardware status (spec 000 §2) as the browser reports it; nothing claimed that it cannot know. */
export function HardwareStatus() {
  const intl = useIntl();
  const [camera, setCamera] = useState<Reading>(CHECKING);
  const [nfc, setNfc] = useState<Reading>(CHECKING);
  useEffect(() => {
    setNfc(nfcReading());
    cameraReading().then(setCamera, () =>
      setCamera({ label: messages.unknown, tone: "warn", detail: messages.unknownDetail }),
    );
  }, []);
  // `key` names the row's test id; `name` is what a person reads.
  const rows: { key: string; name: MessageDescriptor; reading: Reading; action?: ReactNode }[] = [
    { key: "camera", name: messages.camera, reading: camera },
    { key: "nfc-reader", name: messages.nfcReader, reading: nfc },
    {
      key: "printer",
      name: messages.printer,
      // A page cannot see printers: printing goes through the browser's own dialog.
      reading: {
        label: messages.browserPrinting,
        tone: "info",
        detail: messages.browserPrintingDetail,
      },
      action: (
        <Button variant="outline" className="mt-1 px-2 py-1 text-sm" onClick={() => window.print()}>
          {intl.formatMessage(messages.testPrint)}
        </Button>
      ),
    },
  ];
  return (
    <Panel title={intl.formatMessage(messages.hardwareStatus)} id="hardware-heading">
      <ul className="grid gap-3" data-testid="hardware-status">
        {rows.map(({ key, name, reading, action }) => (
          <li key={key}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{intl.formatMessage(name)}</span>
              <StatusBadge tone={reading.tone} data-testid={`hardware-${key}`}>
                {intl.formatMessage(reading.label)}
              </StatusBadge>
            </div>
            <p className="text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(reading.detail)}</p>
            {action}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * An event's heading and detail in the console's language, from its kind and values (ADR 046);
 * what was typed (a name, a reason) is shown as typed, its direction its own. An event recorded
 * before events had words shows its English, marked so (WCAG 3.1.2).
 */
function EventWords({ event }: { event: SessionEvent }) {
  const intl = useIntl();
  const f = useFormats();
  const worded = wordedEvent(intl, event.words, f.calendarDate);
  if (!worded)
    return (
      <>
        <p className="font-semibold" lang="en">
          {event.type}
        </p>
        <p lang="en" dir="auto">
          {event.detail}
        </p>
      </>
    );
  const values: Record<string, ReactNode> = { ...worded.values };
  for (const name of worded.data) values[name] = <span dir="auto">{worded.values[name]}</span>;
  return (
    <>
      <p className="font-semibold">{intl.formatMessage(worded.type)}</p>
      <p>{intl.formatMessage(worded.detail, values)}</p>
    </>
  );
}

/** The selected session's events, newest first, in a box that scrolls at 16rem (spec 000 §2). */
export function ActivityLog({ events }: { events: SessionEvent[] | null }) {
  const intl = useIntl();
  const f = useFormats();
  return (
    <Panel title={intl.formatMessage(messages.activityLog)} id="activity-heading">
      {events?.length ? (
        <ol
          className="max-h-64 overflow-y-auto pe-2"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label={intl.formatMessage(messages.eventsLabel)}
          data-testid="activity-log"
        >
          {[...events].reverse().map((event) => (
            <li
              key={event.seq}
              className="border-b border-govuk-border py-2 text-sm last:border-0 dark:border-slate-700"
            >
              <EventWords event={event} />
              <p className="text-govuk-grey dark:text-slate-400">
                {intl.formatMessage(messages.eventWhen, {
                  when: f.dateTime(event.at),
                  actor: event.actor?.name ?? intl.formatMessage(messages.system),
                })}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm">{intl.formatMessage(messages.selectSession)}</p>
      )}
    </Panel>
  );
}

export interface Contact {
  name: string;
  role: string;
  phone: string;
  hours: string;
}

export function EmergencyContacts({ contacts }: { contacts: Contact[] }) {
  const intl = useIntl();
  return (
    <Panel title={intl.formatMessage(messages.emergencyContacts)} id="contacts-heading">
      {contacts.length ? (
        <ul className="grid gap-3" data-testid="emergency-contacts">
          {contacts.map((contact) => (
            <li key={contact.name + contact.phone} className="text-sm">
              <p className="font-semibold">{contact.name}</p>
              <p>{contact.role}</p>
              <p>
                <a
                  className="text-govuk-blue underline dark:text-govuk-blue-light"
                  href={`tel:${contact.phone.replace(/\s+/g, "")}`}
                >
                  {contact.phone}
                </a>{" "}
                · {contact.hours}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{intl.formatMessage(messages.noData)}</p>
      )}
    </Panel>
  );
}
