/**
 * The operator console's side panels (spec 000 §2 "Assisted-digital operator console"): the
 * operator card from the signed-in person's record, hardware status as the browser reports it,
 * the activity log of the selected session, and the office's emergency contacts.
 */
import { type ReactNode, useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import type { SessionEvent } from "#core/assisted/session.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";

export interface StaffCard {
  name: string;
  role: "operator" | "admin";
  title: string;
  authorisationLevel: number;
  supervisor: boolean;
}

export function OperatorCard({ staff, officeName }: { staff: StaffCard; officeName: string }) {
  return (
    <Panel title={staff.name} id="operator-card-heading">
      <dl className="grid gap-1 text-sm" data-testid="operator-card">
        <div>
          <dt className="sr-only">Role</dt>
          <dd className="font-semibold">{staff.title}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Authorisation:</dt>
          <dd className="font-semibold">Level {staff.authorisationLevel}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Supervisor authority:</dt>
          <dd className="font-semibold">{staff.supervisor ? "Yes: can approve dual-control steps" : "No"}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Office:</dt>
          <dd>{officeName}</dd>
        </div>
      </dl>
    </Panel>
  );
}

interface Reading {
  label: string;
  tone: Tone;
  detail: string;
}

const CHECKING: Reading = { label: "Checking", tone: "neutral", detail: "Asking the browser…" };

/** The camera: present (a video input) and permitted, as far as this browser will say. */
async function cameraReading(): Promise<Reading> {
  if (!navigator.mediaDevices?.enumerateDevices)
    return { label: "Not supported", tone: "bad", detail: "This browser cannot use a camera." };
  const devices = await navigator.mediaDevices.enumerateDevices();
  if (!devices.some((device) => device.kind === "videoinput"))
    return { label: "Not found", tone: "bad", detail: "No camera is connected." };
  let state: PermissionState | "unknown" = "unknown";
  try {
    state = (await navigator.permissions.query({ name: "camera" as PermissionName })).state;
  } catch {
    // Some browsers do not answer for the camera: say so rather than guess.
  }
  if (state === "granted")
    return { label: "Ready", tone: "ok", detail: "A camera is connected and this site may use it." };
  if (state === "denied")
    return { label: "Blocked", tone: "bad", detail: "A camera is connected but this site is not allowed to use it." };
  return {
    label: "Permission needed",
    tone: "warn",
    detail: "A camera is connected; the browser will ask before the first capture.",
  };
}

function nfcReading(): Reading {
  return "NDEFReader" in window
    ? { label: "Available", tone: "ok", detail: "Web NFC is available: chipped documents can be read." }
    : { label: "Not available", tone: "warn", detail: "This browser has no Web NFC: enter document details by hand." };
}

/** Hardware status (spec 000 §2) as the browser reports it; nothing claimed that it cannot know. */
export function HardwareStatus() {
  const [camera, setCamera] = useState<Reading>(CHECKING);
  const [nfc, setNfc] = useState<Reading>(CHECKING);
  useEffect(() => {
    setNfc(nfcReading());
    cameraReading().then(setCamera, () =>
      setCamera({ label: "Unknown", tone: "warn", detail: "The browser would not say." }),
    );
  }, []);
  const rows: { name: string; reading: Reading; action?: ReactNode }[] = [
    { name: "Camera", reading: camera },
    { name: "NFC Reader", reading: nfc },
    {
      name: "Printer",
      // A page cannot see printers: printing goes through the browser's own dialog.
      reading: {
        label: "Browser printing",
        tone: "info",
        detail: "Printers are chosen in the browser's print dialog.",
      },
      action: (
        <Button variant="outline" className="mt-1 px-2 py-1 text-sm" onClick={() => window.print()}>
          Test print
        </Button>
      ),
    },
  ];
  return (
    <Panel title="Hardware Status" id="hardware-heading">
      <ul className="grid gap-3" data-testid="hardware-status">
        {rows.map(({ name, reading, action }) => (
          <li key={name}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{name}</span>
              <StatusBadge tone={reading.tone} data-testid={`hardware-${name.toLowerCase().replace(/ /g, "-")}`}>
                {reading.label}
              </StatusBadge>
            </div>
            <p className="text-sm text-govuk-grey dark:text-slate-400">{reading.detail}</p>
            {action}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The selected session's events, newest first, in a box that scrolls at 16rem (spec 000 §2). */
export function ActivityLog({ events }: { events: SessionEvent[] | null }) {
  return (
    <Panel title="Activity Log" id="activity-heading">
      {events?.length ? (
        <ol
          className="max-h-64 overflow-y-auto pe-2"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label="Session events, newest first"
          data-testid="activity-log"
        >
          {[...events].reverse().map((event) => (
            <li
              key={event.seq}
              className="border-b border-govuk-border py-2 text-sm last:border-0 dark:border-slate-700"
            >
              <p className="font-semibold">{event.type}</p>
              <p>{event.detail}</p>
              <p className="text-govuk-grey dark:text-slate-400">
                {formatDateTime(event.at)} · {event.actor?.name ?? "System"}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm">Select a session to see what has happened in it.</p>
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
  return (
    <Panel title="Emergency Contacts" id="contacts-heading">
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
        <p className="text-sm">No data available</p>
      )}
    </Panel>
  );
}
