/**
 * /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4): the signed-in user's
 * profile completion across six sections (server/profile/profile-page.ts). Complete and Edit open
 * the section's form in place (`?edit=<section>`, a plain link, so it works without JavaScript);
 * each form posts to the route with an `intent` naming the section. Items only an authority can
 * complete go to the wallet's credential request. Security Settings lists the person's passkeys,
 * adds and removes them (app/components/passkeys, through the passkey API; ADR 021), changes the
 * password and lists where the person is signed in (ADR 030). Adding or removing a passkey and a new
 * email address need a recent "Confirm it's you": the page's one dialog for it (confirm-identity.tsx).
 * Without JavaScript, Security Settings' forms post to the route too, and the page says the answer
 * (and asks to confirm it's you in the page, where the dialog cannot open).
 */
import { useEffect, useState } from "react";
import { PasskeyManager } from "#app/components/passkeys/passkey-manager.tsx";
import { Card, LinkCard } from "#app/components/ui/card.tsx";
import type { IconName } from "#app/components/ui/icons.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { SecurityFormAnswer, SecurityIntent } from "#core/accounts/security-settings.ts";
import { type EditableSection, PROFILE_ITEMS, type ProfileItemKey } from "#core/profile/items.ts";
import type { PasskeySummary } from "#server/accounts/passkeys.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";
import type { Profile, ProfileSection } from "#server/profile/profile.ts";
import type { ProfileSaveAnswer } from "#server/profile/profile-page.ts";
import { ChangePassword } from "./change-password.tsx";
import { ConfirmIdentityForm, useConfirmIdentity } from "./confirm-identity.tsx";
import { editPath } from "./edit-path.ts";
import { SectionCard } from "./section-card.tsx";
import { SectionForm } from "./section-form.tsx";
import { SignedInSessions } from "./signed-in-sessions.tsx";

export interface ProfilePageProps {
  profile: Profile;
  editing: EditableSection | null;
  item: ProfileItemKey | null;
  today: string;
  passkeys: PasskeySummary[];
  passkeyOrigin: string | null;
  sessions: SignedInSession[];
  actionData: ProfileSaveAnswer | SecurityFormAnswer | undefined;
}

/** Where each Security Settings form is on the page, and the toast's title when it was refused. */
const SECURITY_FORMS: Record<SecurityIntent, { anchor: string; refused: string }> = {
  "confirm-identity": { anchor: "#confirm-identity", refused: "Not Confirmed" },
  "change-password": { anchor: "#change-password", refused: "Password Not Changed" },
  "sign-out-session": { anchor: "#sessions", refused: "Not Signed Out" },
  "sign-out-others": { anchor: "#sessions", refused: "Not Signed Out" },
};

const QUICK_ACTIONS: { title: string; description: string; to: string; icon: IconName }[] = [
  {
    title: "Update Contact Info",
    description: "Your email address and phone number",
    to: editPath("basic"),
    icon: "phone",
  },
  {
    title: "Emergency Contacts",
    description: "Someone we can contact for you",
    to: editPath("emergency"),
    icon: "users",
  },
  {
    title: "Security Settings",
    description: "Your password and passkeys",
    to: "/profile#section-security",
    icon: "shield",
  },
  { title: "Privacy Settings", description: "How your data is used", to: editPath("privacy"), icon: "settings" },
];

/**
 * The page. `editing`/`item`: the form the link asked for (`?edit=<section>&item=<item>`);
 * `actionData`: the answer to a save just posted, if any.
 */
export function ProfilePage({
  profile,
  editing,
  item,
  today,
  passkeys,
  passkeyOrigin,
  sessions,
  actionData,
}: ProfilePageProps) {
  const hydrated = useHydrated();
  const { toast } = useToast();
  // A passkey can confirm it's you where passkeys work: the person has one, and this is their origin.
  const [passkeyHere, setPasskeyHere] = useState(false);
  useEffect(() => setPasskeyHere(window.location.origin === passkeyOrigin), [passkeyOrigin]);
  const { confirm, dialog } = useConfirmIdentity({ passkeys: passkeys.length > 0 && passkeyHere });
  // A Security Settings form's answer, or a profile section's.
  const security = actionData && "intent" in actionData ? actionData : null;
  const saved = actionData && !("intent" in actionData) ? actionData : null;

  useEffect(() => {
    // Posted before the page was interactive: the toast says what the page would have.
    if (!security) return;
    if (security.ok) toast({ title: security.title, description: security.message });
    else
      toast({ title: SECURITY_FORMS[security.intent].refused, description: security.message, variant: "destructive" });
  }, [security, toast]);

  useEffect(() => {
    if (!saved) return;
    if (saved.ok) toast({ title: "Profile Updated", description: saved.message });
    else if (saved.code === "reauth_required" && saved.section) {
      // A new email address: confirm it's you, then the same form (still holding what was typed) goes again.
      const formId = `edit-${saved.section}`;
      void confirm().then((confirmed) => {
        const form = document.getElementById(formId);
        if (confirmed && form instanceof HTMLFormElement) form.requestSubmit();
        else if (!confirmed)
          toast({ title: "Not Saved", description: "You did not confirm it’s you.", variant: "destructive" });
      });
    } else toast({ title: "Validation Error", description: saved.message, variant: "destructive" });
  }, [saved, toast, confirm]);

  const failed = saved && !saved.ok ? saved : null;
  const securityFailed = security && !security.ok ? security : null;
  // Without JavaScript, "Confirm it's you" is asked in the page: after a new email address was
  // refused for it, and again after a wrong password; it answers on the form that asked, open again.
  const confirmInPage = hydrated
    ? null
    : failed?.code === "reauth_required" && failed.section
      ? { returnTo: editPath(failed.section, failed.item ?? undefined), errors: undefined }
      : securityFailed?.intent === "confirm-identity"
        ? {
            returnTo: editing ? editPath(editing, item ?? undefined) : "/profile",
            errors: securityFailed.fieldErrors.password ?? [securityFailed.message],
          }
        : null;
  // The form the link asked for; after a refused save, the form that was sent, with its messages.
  const open = editing ?? failed?.section ?? null;
  const openItem = editing ? item : (failed?.item ?? null);
  const remaining = profile.sections.filter((s) => s.status === "incomplete");

  return (
    <SignedInPage
      title="My Profile"
      lead="Keep your details up to date so services can reach you and trust your identity."
      aside={
        <Card className="w-full p-5 sm:w-80">
          <div className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-govuk-grey dark:text-slate-300">Profile completion</span>
            <span className="text-4xl font-bold tabular-nums" data-testid="profile-completion">
              {profile.completion}%
            </span>
          </div>
          <ProgressBar value={profile.completion} label="Profile completion" className="mt-3 h-3" />
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            {profile.completeSections} of {profile.totalSections} sections complete
          </p>
        </Card>
      }
    >
      {/* Without JavaScript there is no toast: the outcome of the post is shown on the page. */}
      {!hydrated && actionData?.ok ? (
        <div
          role="status"
          className="mt-6 border-s-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
        >
          {actionData.message}
        </div>
      ) : null}
      {!hydrated && (failed || securityFailed) ? (
        <div
          role="alert"
          className="mt-6 border-s-4 border-govuk-red bg-white p-4 dark:border-red-500 dark:bg-slate-900"
        >
          <p className="font-bold">There is a problem</p>
          {/* Red on white, as a section form's summary: red on pale red is below WCAG's 4.5:1. */}
          <p className="mt-1 font-semibold text-govuk-red dark:text-red-400">
            {securityFailed ? (
              <a href={SECURITY_FORMS[securityFailed.intent].anchor} className="underline underline-offset-4">
                {securityFailed.message}
              </a>
            ) : failed?.section ? (
              <a href={`#edit-${failed.section}`} className="underline underline-offset-4">
                {failed.message}
              </a>
            ) : (
              failed?.message
            )}
          </p>
        </div>
      ) : null}
      {confirmInPage ? <ConfirmIdentityForm {...confirmInPage} /> : null}

      <section aria-labelledby="quick-actions-heading" className="mt-8">
        <h2 id="quick-actions-heading" className="sr-only">
          Quick actions
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.title}>
              <LinkCard
                to={action.to}
                icon={action.icon}
                title={action.title}
                description={action.description}
                preventScrollReset
              />
            </li>
          ))}
        </ul>
      </section>

      {profile.completion < 100 ? <RemainingSections sections={remaining} /> : null}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        {profile.sections.map((section) => (
          <SectionCard
            key={section.id}
            section={section}
            open={open === section.id}
            after={
              section.id === "security" ? (
                <>
                  <PasskeyManager passkeys={passkeys} passkeyOrigin={passkeyOrigin} confirmIdentity={confirm} />
                  <ChangePassword answer={security} />
                  <SignedInSessions sessions={sessions} />
                </>
              ) : null
            }
          >
            {open === section.id && section.editable ? (
              <SectionForm
                section={section.id as EditableSection}
                item={openItem ? { key: openItem, ...PROFILE_ITEMS[openItem] } : null}
                title={section.title}
                values={profile.values}
                failed={failed && failed.section === section.id ? failed : null}
                today={today}
              />
            ) : null}
          </SectionCard>
        ))}
      </div>
      {dialog}
    </SignedInPage>
  );
}

/** The "Complete Remaining Sections" prompt (spec 000 §2), naming each section still to do and where to do it. */
function RemainingSections({ sections }: { sections: ProfileSection[] }) {
  return (
    <section
      aria-labelledby="remaining-heading"
      className="mt-8 border-s-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="remaining-heading" className="text-xl font-bold">
        Complete Remaining Sections
      </h2>
      <p className="mt-2">Finish these sections to complete your profile:</p>
      <ul className="mt-3 grid gap-2">
        {sections.map((section) => (
          <li key={section.id} className="flex flex-wrap items-baseline gap-x-2">
            <TextLink href={`#section-${section.id}`} className="font-semibold">
              {section.title}
            </TextLink>
            <span className="text-govuk-grey dark:text-slate-400">{remainingHint(section)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function remainingHint(section: ProfileSection): string {
  switch (section.id) {
    case "identity":
      return "— request a credential from an authority in your wallet";
    case "security":
      return "— add a passkey";
    default: {
      const missing = section.items.filter((i) => i.status === "incomplete").length;
      return `— ${missing} ${missing === 1 ? "item" : "items"} to add`;
    }
  }
}
