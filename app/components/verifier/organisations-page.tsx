/**
 * /verifier/organisations (administrators): the registered verifier organisations, each with where
 * its registration with the platform stands and a button to renew it, and a form to register one
 * (its name is what citizens see on a request; the checks it may ask for; a verifier account to
 * put in it). They post to the web worker (POST /api/verifier-organisations and
 * /api/verifier-organisations/{id}/attestation), which signs the platform's attestation and
 * decides who may do it (ADR 034); the page only shows them to administrators.
 */
import { type FormEvent, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import { formatDate } from "#core/format/format.ts";
import { CHECK_TYPES, CHECKS, type CheckType } from "#core/verification/checks.ts";
import type { OrganisationRow } from "#server/verification/organisations-page.ts";

/** The page; `allowed: false`: the signed-in person is not an administrator. */
export function OrganisationsPage(data: { allowed: boolean; organisations: OrganisationRow[] }) {
  const back = { to: "/verifier", label: "Back to Verifier Portal" };
  if (!data.allowed) {
    return (
      <SignedInPage title="Verifier organisations" back={back}>
        <Card className="mt-8 max-w-3xl p-6" role="alert">
          <h2 className="text-xl font-bold">Only administrators can register verifier organisations</h2>
        </Card>
      </SignedInPage>
    );
  }
  return (
    <SignedInPage
      title="Verifier organisations"
      lead="Organisations registered to check credentials: the name a citizen sees when one of them asks."
      back={back}
    >
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-labelledby="registered-heading" className="p-5">
          <h2 id="registered-heading" className="text-xl font-bold">
            Registered
          </h2>
          {data.organisations.length ? (
            <ul className="mt-3 divide-y divide-govuk-border dark:divide-slate-700" data-testid="organisation-list">
              {data.organisations.map((organisation) => (
                <OrganisationItem key={organisation.id} organisation={organisation} />
              ))}
            </ul>
          ) : (
            <p className="mt-3">No data available</p>
          )}
        </Card>
        <RegisterForm />
      </div>
    </SignedInPage>
  );
}

/** One organisation: its name, checks, registration and the button that renews it. */
function OrganisationItem({ organisation }: { organisation: OrganisationRow }) {
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
            title: "Registration Renewed",
            description: `${organisation.name} can check credentials until ${formatDate(renewed.attestationExpiresAt)}`,
          }),
      },
    );
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="organisation">
      <div>
        <p className="font-bold">{organisation.name}</p>
        <p className="text-sm text-govuk-grey dark:text-slate-400">{organisation.checks}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge tone={organisation.registration.tone}>{organisation.registration.label}</StatusBadge>
          <span>{organisation.registration.note}</span>
        </p>
      </div>
      <Button variant="secondary" disabled={!hydrated || busy} onClick={() => void renew()}>
        {busy ? "Renewing..." : "Renew registration"}
        <span className="sr-only"> of {organisation.name}</span>
      </Button>
    </li>
  );
}

function RegisterForm() {
  const hydrated = useHydrated();
  const { busy, mutate, toast } = useMutation();
  const [name, setName] = useState("");
  const [member, setMember] = useState("");
  const [checks, setChecks] = useState<CheckType[]>(["rtw"]);
  // An organisation's details typed and not yet registered would be lost by leaving (spec 000 §4).
  useUnsavedChanges(() => name.trim() !== "" || member.trim() !== "");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || checks.length === 0) {
      toast({
        title: "Validation Error",
        description: "Give the organisation's name and at least one check it may make",
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
      },
      {
        done: () => {
          toast({ title: "Organisation Registered", description: `${name.trim()} can now check credentials` });
          setName("");
          setMember("");
        },
      },
    );
  }

  return (
    <Card as="section" aria-labelledby="register-heading" className="p-5">
      <h2 id="register-heading" className="text-xl font-bold">
        Register an organisation
      </h2>
      <form className="mt-4 grid gap-5" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          name="organisation-name"
          label="Registered name"
          hint="As citizens will see it, e.g. Northbridge Recruitment Ltd"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset>
          <legend className="font-semibold">Checks it may make</legend>
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
                <span>{CHECKS[check].name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="member-username"
          label="Verifier account to add (optional)"
          hint="The username of a verifier who will act for it"
          value={member}
          onChange={(event) => setMember(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" disabled={!hydrated || busy} data-testid="button-register-organisation">
          {busy ? "Registering..." : "Register organisation"}
        </Button>
      </form>
    </Card>
  );
}
