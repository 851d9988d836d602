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
import { useEffect, useRef, useState } from "react";
import { defineMessages, type IntlShape, type TypedMessageDescriptor, useIntl } from "react-intl";
import { PasskeyManager } from "#app/components/passkeys/passkey-manager.tsx";
import { Card, LinkCard } from "#app/components/ui/card.tsx";
import type { IconName } from "#app/components/ui/icons.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { SecurityFormAnswer, SecurityIntent } from "#core/accounts/security-settings.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { type EditableSection, PROFILE_ITEMS, type ProfileItemKey } from "#core/profile/items.ts";
import type { PasskeySummary } from "#server/accounts/passkeys.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";
import type { Profile, ProfileSection } from "#server/profile/profile.ts";
import type { ProfileSaveAnswer } from "#server/profile/profile-page.ts";
import { ChangePassword } from "./change-password.tsx";
import { ConfirmIdentityForm, useConfirmIdentity } from "./confirm-identity.tsx";
import { editPath } from "./edit-path.ts";
import { LanguageSetting } from "./language-setting.tsx";
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
  /** The language saved on the profile, or null. */
  language: Locale | null;
  actionData: ProfileSaveAnswer | SecurityFormAnswer | undefined;
}

const messages = {
  ...defineMessages({
    notConfirmed: { id: "profile.page.notConfirmed", defaultMessage: "Not Confirmed" },
    passwordNotChanged: { id: "profile.page.passwordNotChanged", defaultMessage: "Password Not Changed" },
    notSignedOut: { id: "profile.page.notSignedOut", defaultMessage: "Not Signed Out" },
    contactTitle: { id: "profile.page.contactTitle", defaultMessage: "Update Contact Info" },
    contactDescription: {
      id: "profile.page.contactDescription",
      defaultMessage: "Your email address and phone number",
    },
    emergencyTitle: { id: "profile.page.emergencyTitle", defaultMessage: "Emergency Contacts" },
    emergencyDescription: { id: "profile.page.emergencyDescription", defaultMessage: "Someone we can contact for you" },
    securityTitle: { id: "profile.page.securityTitle", defaultMessage: "Security Settings" },
    securityDescription: { id: "profile.page.securityDescription", defaultMessage: "Your password and passkeys" },
    privacyTitle: { id: "profile.page.privacyTitle", defaultMessage: "Privacy Settings" },
    privacyDescription: { id: "profile.page.privacyDescription", defaultMessage: "How your data is used" },
    profileUpdated: { id: "profile.page.profileUpdated", defaultMessage: "Profile Updated" },
    notSaved: { id: "profile.page.notSaved", defaultMessage: "Not Saved" },
    didNotConfirm: { id: "profile.page.didNotConfirm", defaultMessage: "You did not confirm it’s you." },
    validationError: { id: "profile.page.validationError", defaultMessage: "Validation Error" },
    title: { id: "profile.page.title", defaultMessage: "My Profile" },
    lead: {
      id: "profile.page.lead",
      defaultMessage: "Keep your details up to date so services can reach you and trust your identity.",
    },
    completion: { id: "profile.page.completion", defaultMessage: "Profile completion" },
    problem: { id: "profile.page.problem", defaultMessage: "There is a problem" },
    quickActions: { id: "profile.page.quickActions", defaultMessage: "Quick actions" },
    remainingHeading: { id: "profile.page.remainingHeading", defaultMessage: "Complete Remaining Sections" },
    remainingLead: {
      id: "profile.page.remainingLead",
      defaultMessage: "Finish these sections to complete your profile:",
    },
    remainingIdentity: {
      id: "profile.page.remainingIdentity",
      defaultMessage: "— request a credential from an authority in your wallet",
    },
    remainingSecurity: { id: "profile.page.remainingSecurity", defaultMessage: "— add a passkey" },
  }),
  ...defineMessages<{
    percent: { value: number };
    sectionsComplete: { complete: number; total: number };
    remainingItems: { count: number };
  }>({
    percent: {
      id: "profile.page.percent",
      defaultMessage: "{value}%",
      description: "A percentage, e.g. '50%'.",
    },
    sectionsComplete: {
      id: "profile.page.sectionsComplete",
      defaultMessage: "{complete} of {total} sections complete",
    },
    remainingItems: {
      id: "profile.page.remainingItems",
      defaultMessage: "{count, plural, one {— # item to add} other {— # items to add}}",
    },
  }),
};

/** Where each Security Settings form is on the page, and the toast's title when it was refused. */
const SECURITY_FORMS: Record<SecurityIntent, { anchor: string; refused: TypedMessageDescriptor }> = {
  "confirm-identity": { anchor: "#confirm-identity", refused: messages.notConfirmed },
  "change-password": { anchor: "#change-password", refused: messages.passwordNotChanged },
  "sign-out-session": { anchor: "#sessions", refused: messages.notSignedOut },
  "sign-out-others": { anchor: "#sessions", refused: messages.notSignedOut },
};

const QUICK_ACTIONS: {
  title: TypedMessageDescriptor;
  description: TypedMessageDescriptor;
  to: string;
  icon: IconName;
}[] = [
  {
    title: messages.contactTitle,
    description: messages.contactDescription,
    to: editPath("basic"),
    icon: "phone",
  },
  {
    title: messages.emergencyTitle,
    description: messages.emergencyDescription,
    to: editPath("emergency"),
    icon: "users",
  },
  {
    title: messages.securityTitle,
    description: messages.securityDescription,
    to: "/profile#section-security",
    icon: "shield",
  },
  { title: messages.privacyTitle, description: messages.privacyDescription, to: editPath("privacy"), icon: "settings" },
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
  language,
  actionData,
}: ProfilePageProps) {
  const intl = useIntl();
  // The effects below answer a post once: a new page language (its messages revalidated) must not
  // run them again, so they read the formatter through a ref rather than depend on it.
  const intlRef = useRef(intl);
  intlRef.current = intl;
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
      toast({
        title: intlRef.current.formatMessage(SECURITY_FORMS[security.intent].refused),
        description: security.message,
        variant: "destructive",
      });
  }, [security, toast]);

  useEffect(() => {
    if (!saved) return;
    const say = intlRef.current.formatMessage;
    if (saved.ok) toast({ title: say(messages.profileUpdated), description: saved.message });
    else if (saved.code === "reauth_required" && saved.section) {
      // A new email address: confirm it's you, then the same form (still holding what was typed) goes again.
      const formId = `edit-${saved.section}`;
      void confirm().then((confirmed) => {
        const form = document.getElementById(formId);
        if (confirmed && form instanceof HTMLFormElement) form.requestSubmit();
        else if (!confirmed)
          toast({
            title: say(messages.notSaved),
            description: say(messages.didNotConfirm),
            variant: "destructive",
          });
      });
    } else
      toast({
        title: say(messages.validationError),
        description: saved.message,
        variant: "destructive",
      });
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
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead)}
      aside={
        <Card className="w-full p-5 sm:w-80">
          <div className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-govuk-grey dark:text-slate-300">
              {intl.formatMessage(messages.completion)}
            </span>
            <span className="text-4xl font-bold tabular-nums" data-testid="profile-completion">
              {intl.formatMessage(messages.percent, { value: profile.completion })}
            </span>
          </div>
          <ProgressBar
            value={profile.completion}
            label={intl.formatMessage(messages.completion)}
            className="mt-3 h-3"
          />
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.sectionsComplete, {
              complete: profile.completeSections,
              total: profile.totalSections,
            })}
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
          <p className="font-bold">{intl.formatMessage(messages.problem)}</p>
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
          {intl.formatMessage(messages.quickActions)}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.title.id}>
              <LinkCard
                to={action.to}
                icon={action.icon}
                title={intl.formatMessage(action.title)}
                description={intl.formatMessage(action.description)}
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
      <LanguageSetting
        saved={language}
        errors={failed && failed.section === null ? failed.fieldErrors.language : undefined}
      />
      {dialog}
    </SignedInPage>
  );
}

/** The "Complete Remaining Sections" prompt (spec 000 §2), naming each section still to do and where to do it. */
function RemainingSections({ sections }: { sections: ProfileSection[] }) {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="remaining-heading"
      className="mt-8 border-s-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="remaining-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.remainingHeading)}
      </h2>
      <p className="mt-2">{intl.formatMessage(messages.remainingLead)}</p>
      <ul className="mt-3 grid gap-2">
        {sections.map((section) => (
          <li key={section.id} className="flex flex-wrap items-baseline gap-x-2">
            <TextLink href={`#section-${section.id}`} className="font-semibold">
              {section.title}
            </TextLink>
            <span className="text-govuk-grey dark:text-slate-400">{remainingHint(intl, section)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function remainingHint(intl: IntlShape, section: ProfileSection): string {
  switch (section.id) {
    case "identity":
      return intl.formatMessage(messages.remainingIdentity);
    case "security":
      return intl.formatMessage(messages.remainingSecurity);
    default:
      return intl.formatMessage(messages.remainingItems, {
        count: section.items.filter((i) => i.status === "incomplete").length,
      });
  }
}
