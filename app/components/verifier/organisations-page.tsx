/**
 * /verifier/organisations (administrators): the registered verifier organisations, each with where
 * its registration with the platform stands and a button to renew it, and a form to register one
 * (its name is what citizens see on a request; the checks it may ask for; a verifier account to
 * put in it). They post to the web worker (POST /api/verifier-organisations and
 * /api/verifier-organisations/{id}/attestation), which signs the platform's attestation and
 * decides who may do it (ADR 034); the page only shows them to administrators.
 */
import { type FormEvent, useState } from "react";
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import type { Tone } from "#core/format/tone.ts";
import { checkNameText } from "#core/verification/check-messages.ts";
import { CHECK_TYPES, type CheckType } from "#core/verification/checks.ts";
import type { OrganisationRow, RegistrationState } from "#server/verification/organisations-page.ts";
import { untyped } from "./messages.ts";

const messages = untyped(
  defineMessages({
    back: { id: "verifier.organisations.back", defaultMessage: "Back to Verifier Portal" },
    trustList: { id: "verifier.organisations.trustList", defaultMessage: "Trust list" },
    title: { id: "verifier.organisations.title", defaultMessage: "Verifier organisations" },
    onlyAdmins: {
      id: "verifier.organisations.onlyAdmins",
      defaultMessage: "Only administrators can register verifier organisations",
    },
    lead: {
      id: "verifier.organisations.lead",
      defaultMessage: "Organisations registered to check credentials: the name a citizen sees when one of them asks.",
    },
    registered: {
      id: "verifier.organisations.registered",
      defaultMessage: "Registered",
      description: "Heading of the list of organisations",
    },
    noData: { id: "verifier.organisations.noData", defaultMessage: "No data available" },
    renewed: {
      id: "verifier.organisations.renewed",
      defaultMessage: "Registration Renewed",
      description: "Toast title",
    },
    renewedDescription: {
      id: "verifier.organisations.renewedDescription",
      defaultMessage: "{organisation} can check credentials until {date}",
    },
    renewing: { id: "verifier.organisations.renewing", defaultMessage: "Renewing..." },
    renew: {
      id: "verifier.organisations.renew",
      defaultMessage: "Renew registration<hidden> of {organisation}</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    validationError: {
      id: "verifier.organisations.validationError",
      defaultMessage: "Validation Error",
      description: "Toast title",
    },
    validationDescription: {
      id: "verifier.organisations.validationDescription",
      defaultMessage: "Give the organisation's name and at least one check it may make",
    },
    organisationRegistered: {
      id: "verifier.organisations.organisationRegistered",
      defaultMessage: "Organisation Registered",
      description: "Toast title",
    },
    organisationRegisteredDescription: {
      id: "verifier.organisations.organisationRegisteredDescription",
      defaultMessage: "{organisation} can now check credentials",
    },
    registerHeading: { id: "verifier.organisations.registerHeading", defaultMessage: "Register an organisation" },
    name: { id: "verifier.organisations.name", defaultMessage: "Registered name" },
    nameHint: {
      id: "verifier.organisations.nameHint",
      defaultMessage: "As citizens will see it, e.g. Northbridge Recruitment Ltd",
    },
    checks: { id: "verifier.organisations.checks", defaultMessage: "Checks it may make" },
    member: { id: "verifier.organisations.member", defaultMessage: "Verifier account to add (optional)" },
    memberHint: {
      id: "verifier.organisations.memberHint",
      defaultMessage: "The username of a verifier who will act for it",
    },
    websites: {
      id: "verifier.organisations.websites",
      defaultMessage: "Its websites that ask through the browser (optional)",
    },
    websitesHint: {
      id: "verifier.organisations.websitesHint",
      defaultMessage:
        "Where it puts the Check with a digital wallet button: each website's address without a path, separated by spaces, e.g. https://www.northbridge.co.uk",
    },
    websitesListed: {
      id: "verifier.organisations.websitesListed",
      defaultMessage: "Asks through the browser from: {websites}",
    },
    registering: { id: "verifier.organisations.registering", defaultMessage: "Registering..." },
    register: { id: "verifier.organisations.register", defaultMessage: "Register organisation" },
    missing: {
      id: "verifier.organisations.missing",
      defaultMessage: "Needs renewal",
      description: "Registration badge",
    },
    missingNote: {
      id: "verifier.organisations.missingNote",
      defaultMessage: "It cannot ask for checks until you renew it",
    },
    expired: { id: "verifier.organisations.expired", defaultMessage: "Expired", description: "Registration badge" },
    expiredNote: {
      id: "verifier.organisations.expiredNote",
      defaultMessage: "Ended {date}: it cannot ask for checks until you renew it",
    },
    soon: { id: "verifier.organisations.soon", defaultMessage: "Expires soon", description: "Registration badge" },
    soonNote: {
      id: "verifier.organisations.soonNote",
      defaultMessage: "Valid until {date}; renewed automatically each day until then",
    },
    active: { id: "verifier.organisations.active", defaultMessage: "Active", description: "Registration badge" },
    activeNote: { id: "verifier.organisations.activeNote", defaultMessage: "Valid until {date}" },
  }),
);

/** Each registration state's badge and note (server/verification/organisations-page.ts). */
const REGISTRATION: Record<
  RegistrationState["state"],
  { label: MessageDescriptor; tone: Tone; note: MessageDescriptor }
> = {
  missing: { label: messages.missing, tone: "bad", note: messages.missingNote },
  expired: { label: messages.expired, tone: "bad", note: messages.expiredNote },
  soon: { label: messages.soon, tone: "warn", note: messages.soonNote },
  active: { label: messages.active, tone: "ok", note: messages.activeNote },
};

/** The page; `allowed: false`: the signed-in person is not an administrator. */
export function OrganisationsPage(data: { allowed: boolean; organisations: OrganisationRow[] }) {
  const intl = useIntl();
  const back = { to: "/verifier", label: intl.formatMessage(messages.back) };
  const title = intl.formatMessage(messages.title);
  if (!data.allowed) {
    return (
      <SignedInPage title={title} back={back}>
        <Card className="mt-8 max-w-3xl p-6" role="alert">
          <h2 className="text-xl font-bold">{intl.formatMessage(messages.onlyAdmins)}</h2>
        </Card>
      </SignedInPage>
    );
  }
  return (
    <SignedInPage title={title} lead={intl.formatMessage(messages.lead)} back={back}>
      <p className="mt-4">
        <TextLink to="/verifier/trust-list" className="font-semibold">
          {intl.formatMessage(messages.trustList)}
        </TextLink>
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-labelledby="registered-heading" className="p-5">
          <h2 id="registered-heading" className="text-xl font-bold">
            {intl.formatMessage(messages.registered)}
          </h2>
          {data.organisations.length ? (
            <ul className="mt-3 divide-y divide-govuk-border dark:divide-slate-700" data-testid="organisation-list">
              {data.organisations.map((organisation) => (
                <OrganisationItem key={organisation.id} organisation={organisation} />
              ))}
            </ul>
          ) : (
            <p className="mt-3">{intl.formatMessage(messages.noData)}</p>
          )}
        </Card>
        <RegisterForm />
      </div>
    </SignedInPage>
  );
}

/** One organisation: its name, checks, registration and the button that renews it. */
function OrganisationItem({ organisation }: { organisation: OrganisationRow }) {
  const intl = useIntl();
  const f = useFormats();
  const hydrated = useHydrated();
  const { busy, mutate, toast } = useMutation();

  function renew() {
    return mutate<{ attestationExpiresAt: string }>(
      "POST",
      `/api/verifier-organisations/${organisation.id}/attestation`,
      undefined,
      {
        done: (renewed) =>
          toast({
            title: intl.formatMessage(messages.renewed),
            description: intl.formatMessage(messages.renewedDescription, {
              organisation: organisation.name,
              date: f.date(renewed.attestationExpiresAt),
            }),
          }),
      },
    );
  }

  const registration = REGISTRATION[organisation.registration.state];
  const expiresAt = organisation.registration.expiresAt;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="organisation">
      <div>
        <p className="font-bold">{organisation.name}</p>
        <p className="text-sm text-govuk-grey dark:text-slate-400">{organisation.checks}</p>
        {organisation.webOrigins.length ? (
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.websitesListed, { websites: organisation.webOrigins.join(", ") })}
          </p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge tone={registration.tone}>{intl.formatMessage(registration.label)}</StatusBadge>
          <span>{intl.formatMessage(registration.note, { date: expiresAt ? f.date(expiresAt) : "" })}</span>
        </p>
      </div>
      <Button variant="secondary" disabled={!hydrated || busy} onClick={() => void renew()}>
        {busy ? (
          intl.formatMessage(messages.renewing)
        ) : (
          <FormattedMessage
            {...messages.renew}
            values={{ organisation: organisation.name, hidden: screenReaderOnly }}
          />
        )}
      </Button>
    </li>
  );
}

function RegisterForm() {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { busy, mutate, toast } = useMutation();
  const [name, setName] = useState("");
  const [member, setMember] = useState("");
  const [websites, setWebsites] = useState("");
  const [checks, setChecks] = useState<CheckType[]>(["rtw"]);
  // An organisation's details typed and not yet registered would be lost by leaving (spec 000 §4).
  useUnsavedChanges(() => name.trim() !== "" || member.trim() !== "" || websites.trim() !== "");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || checks.length === 0) {
      toast({
        title: intl.formatMessage(messages.validationError),
        description: intl.formatMessage(messages.validationDescription),
        variant: "destructive",
      });
      return;
    }
    await mutate(
      "POST",
      "/api/verifier-organisations",
      {
        name: name.trim(),
        allowedChecks: checks,
        ...(member.trim() ? { memberUsername: member.trim() } : {}),
        ...(websites.trim() ? { webOrigins: websites.trim().split(/[\s,]+/) } : {}),
      },
      {
        done: () => {
          toast({
            title: intl.formatMessage(messages.organisationRegistered),
            description: intl.formatMessage(messages.organisationRegisteredDescription, { organisation: name.trim() }),
          });
          setName("");
          setMember("");
          setWebsites("");
        },
      },
    );
  }

  return (
    <Card as="section" aria-labelledby="register-heading" className="p-5">
      <h2 id="register-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.registerHeading)}
      </h2>
      <form className="mt-4 grid gap-5" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          name="organisation-name"
          label={intl.formatMessage(messages.name)}
          hint={intl.formatMessage(messages.nameHint)}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset>
          <legend className="font-semibold">{intl.formatMessage(messages.checks)}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {CHECK_TYPES.map((check) => (
              <label key={check} className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={checks.includes(check)}
                  onChange={(event) =>
                    setChecks((list) => (event.target.checked ? [...list, check] : list.filter((c) => c !== check)))
                  }
                />
                <span>{checkNameText(intl, check)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="member-username"
          label={intl.formatMessage(messages.member)}
          hint={intl.formatMessage(messages.memberHint)}
          value={member}
          onChange={(event) => setMember(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          name="web-origins"
          label={intl.formatMessage(messages.websites)}
          hint={intl.formatMessage(messages.websitesHint)}
          value={websites}
          onChange={(event) => setWebsites(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
        />
        <Button type="submit" disabled={!hydrated || busy} data-testid="button-register-organisation">
          {intl.formatMessage(busy ? messages.registering : messages.register)}
        </Button>
      </form>
    </Card>
  );
}
