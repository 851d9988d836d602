/**
 * /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4): the signed-in user's
 * profile completion across six sections, computed from their own data
 * (server/profile/profile.ts). Complete and Edit open the section's form in place
 * (`?edit=<section>`, a plain link, so it works without JavaScript); each form posts here with
 * an `intent` naming the section. Items only an authority can complete go to the wallet's
 * credential request. Security Settings lists the person's passkeys, adds and removes them
 * (app/components/passkeys, through the passkey API; ADR 021).
 */

import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { PasskeyManager } from "#app/components/passkeys/passkey-manager.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, LinkCard } from "#app/components/ui/card.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { FieldErrors as FieldErrorList, TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { isFormDirty, useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import { ukDate } from "#core/format/uk-time.ts";
import {
  EDITABLE_SECTIONS,
  type EditableSection,
  PROFILE_ITEMS,
  type ProfileItemKey,
  profileItemOf,
} from "#core/profile/items.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { listPasskeys } from "#server/accounts/passkeys.ts";
import { relyingPartyFrom } from "#server/accounts/relying-party.ts";
import { readFormBody } from "#server/http/form.ts";
import {
  getProfile,
  type ProfileFormRefusal,
  type ProfileFormValues,
  type ProfileItem,
  type ProfileSection,
  parseProfileForm,
  savedMessage,
  saveProfileSection,
} from "#server/profile/profile.ts";

export const meta: MetaFunction = () => [
  { title: "My Profile | UK Digital Identity" },
  { name: "description", content: "See how complete your profile is and fill in what is missing." },
];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const query = new URL(request.url).searchParams;
  const edit = query.get("edit");
  const editing = (EDITABLE_SECTIONS as readonly (string | null)[]).includes(edit) ? (edit as EditableSection) : null;
  // Complete beside one item opens a form with only that item's fields.
  const item = editing ? profileItemOf(editing, query.get("item")) : null;
  const [profile, passkeys] = await Promise.all([
    getProfile(context.db, user.id, now),
    listPasskeys(context.db, user.id),
  ]);
  return json(
    {
      profile,
      editing,
      item,
      today: ukDate(now),
      passkeys,
      passkeyOrigin: relyingPartyFrom(context.env)?.origin ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { ok: true; section: EditableSection; message: string } | ProfileFormRefusal;

/** Saves one section for the signed-in user; which user is never read from the form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const body = await readFormBody(request);
  if (!body.ok)
    return json<ActionData>(
      { ok: false, section: null, item: null, message: body.message, fieldErrors: {}, values: {} },
      { status: body.status },
    );
  const now = new Date();
  const parsed = parseProfileForm(body.form, now);
  if (!parsed.ok) return json<ActionData>(parsed, { status: 400 });
  const { section, item = null } = parsed.input;
  const saved = await saveProfileSection(context.db, user.id, parsed.input, now);
  if (!saved.ok) {
    return json<ActionData>(
      { ok: false, section, item, message: saved.message, fieldErrors: saved.fieldErrors, values: parsed.values },
      { status: saved.status },
    );
  }
  return json<ActionData>({ ok: true, section, message: savedMessage(section, item) });
}

const smallButton = "px-3 py-1 text-sm";

/** Opens a section's form in place (with `item`, only that item's fields); the fragment brings it into view. */
const editPath = (section: EditableSection, item?: ProfileItemKey) =>
  `/profile?edit=${section}${item ? `&item=${item}` : ""}#edit-${section}`;

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

export default function Profile() {
  const { profile, editing, item, today, passkeys, passkeyOrigin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { toast } = useToast();

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast({ title: "Profile Updated", description: actionData.message });
    else toast({ title: "Validation Error", description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  const failed = actionData && !actionData.ok ? actionData : null;
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
          className="mt-6 border-l-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
        >
          {actionData.message}
        </div>
      ) : null}
      {!hydrated && failed ? (
        <div
          role="alert"
          className="mt-6 border-l-4 border-govuk-red bg-red-50 p-4 text-govuk-red dark:bg-red-950/40 dark:text-red-300"
        >
          <p className="font-bold">There is a problem</p>
          <p className="mt-1">
            {failed.section ? (
              <a href={`#edit-${failed.section}`} className="underline underline-offset-4">
                {failed.message}
              </a>
            ) : (
              failed.message
            )}
          </p>
        </div>
      ) : null}

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
              section.id === "security" ? <PasskeyManager passkeys={passkeys} passkeyOrigin={passkeyOrigin} /> : null
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
    </SignedInPage>
  );
}

/** The "Complete Remaining Sections" prompt (spec 000 §2), naming each section still to do and where to do it. */
function RemainingSections({ sections }: { sections: ProfileSection[] }) {
  return (
    <section
      aria-labelledby="remaining-heading"
      className="mt-8 border-l-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
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

/** A section's card: its items, or its open form; `after` follows either (Security Settings' passkeys). */
function SectionCard({
  section,
  open,
  children,
  after,
}: {
  section: ProfileSection;
  open: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  const complete = section.status === "complete";
  const headingId = `section-${section.id}-heading`;
  return (
    <Card as="section" id={`section-${section.id}`} aria-labelledby={headingId} className="scroll-mt-4 p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="text-xl font-bold">
            {section.title}
          </h2>
          <StatusBadge tone={complete ? "ok" : "warn"}>{complete ? "Complete" : "Incomplete"}</StatusBadge>
        </div>
        <div className="shrink-0">
          <SectionAction section={section} open={open} />
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <ProgressBar value={section.progress} label={`${section.title} progress`} className="h-2 flex-1" />
        <span className="w-12 text-right text-sm font-semibold tabular-nums text-govuk-grey dark:text-slate-400">
          {section.progress}%
        </span>
      </div>
      {open ? children : <ItemList items={section.items} />}
      {after}
    </Card>
  );
}

function SectionAction({ section, open }: { section: ProfileSection; open: boolean }) {
  if (section.editable) {
    if (open) return null;
    return (
      <Link
        to={editPath(section.id as EditableSection)}
        preventScrollReset
        className={buttonClasses("outline", smallButton)}
      >
        Edit<span className="sr-only"> {section.title}</span>
      </Link>
    );
  }
  if (section.id === "identity") {
    return (
      <Link to="/wallet" className={buttonClasses("outline", smallButton)}>
        Open wallet
      </Link>
    );
  }
  // Security Settings: its passkeys are managed inside the section (PasskeyManager).
  return null;
}

function ItemList({ items }: { items: ProfileItem[] }) {
  return (
    <ul className="mt-4 divide-y divide-govuk-border dark:divide-slate-700">
      {items.map((item) => (
        <li key={item.field} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{item.field}</p>
            <p className={"break-words " + (item.status === "complete" ? "" : "text-govuk-grey dark:text-slate-400")}>
              {item.value}
            </p>
          </div>
          {item.status === "complete" ? (
            <span className={`inline-flex items-center gap-1 text-sm font-semibold ${TONE_CLASSES.ok.text}`}>
              <Icon name="check" className="h-5 w-5" />
              Complete
            </span>
          ) : (
            <ItemActionButton item={item} />
          )}
        </li>
      ))}
    </ul>
  );
}

function ItemActionButton({ item }: { item: ProfileItem }) {
  const action = item.action;
  if (!action) return <span className={`text-sm font-semibold ${TONE_CLASSES.warn.text}`}>Incomplete</span>;
  const label = (
    <>
      Complete<span className="sr-only"> {item.field}</span>
    </>
  );
  // A place on this page (the passkeys list): a plain fragment link, so focus follows it.
  if (action.kind === "link" && action.to.startsWith("#")) {
    return (
      <a href={action.to} className={buttonClasses("primary", smallButton)}>
        {label}
      </a>
    );
  }
  const to = action.kind === "edit" ? editPath(action.section, action.item) : action.to;
  return (
    <Link to={to} preventScrollReset={action.kind === "edit"} className={buttonClasses("primary", smallButton)}>
      {label}
    </Link>
  );
}

type Failed = Extract<ActionData, { ok: false }>;

interface FieldSpec {
  name: string;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text";
  width?: string;
}

/** The inputs of each form, in order; the names are the fields of core/profile/items.ts. */
const FORM_FIELDS: Record<Exclude<EditableSection, "privacy">, FieldSpec[]> = {
  basic: [
    { name: "firstName", label: "First name", autoComplete: "given-name" },
    { name: "lastName", label: "Last name", autoComplete: "family-name" },
    { name: "email", label: "Email address", type: "email", autoComplete: "email", inputMode: "email" },
    {
      name: "phone",
      label: "Phone number",
      type: "tel",
      autoComplete: "tel",
      hint: "For example, 07700 900982 or +44 7700 900982",
    },
    { name: "dateOfBirth", label: "Date of birth", type: "date", autoComplete: "bday", width: "sm:max-w-xs" },
  ],
  address: [
    { name: "addressLine1", label: "Address line 1", autoComplete: "address-line1" },
    { name: "addressLine2", label: "Address line 2 (optional)", autoComplete: "address-line2" },
    { name: "town", label: "Town or city", autoComplete: "address-level2", width: "sm:max-w-sm" },
    { name: "postcode", label: "Postcode", autoComplete: "postal-code", width: "sm:max-w-[10rem]" },
  ],
  emergency: [
    { name: "emergencyContactName", label: "Full name", autoComplete: "off" },
    {
      name: "emergencyContactPhone",
      label: "Phone number",
      type: "tel",
      autoComplete: "off",
      hint: "For example, 07700 900982 or +44 7700 900982",
    },
    {
      name: "emergencyContactRelationship",
      label: "Relationship to you",
      autoComplete: "off",
      hint: "For example, partner, parent or friend",
    },
  ],
};

const PRIVACY_QUESTIONS: {
  name: keyof ProfileFormValues["privacy"];
  legend: string;
  hint: string;
  yes: string;
  no: string;
}[] = [
  {
    name: "shareAnalytics",
    legend: "Share usage analytics?",
    hint: "Whether the pages you use while signed in may be recorded against your account to improve the service.",
    yes: "Yes, share usage analytics",
    no: "No, do not share",
  },
  {
    name: "notifyOnVerification",
    legend: "Notify you when a credential is verified?",
    hint: "Whether you want a notification each time an organisation checks one of your credentials.",
    yes: "Yes, notify me",
    no: "No, do not notify me",
  },
];

function SectionForm({
  section,
  item,
  title,
  values,
  failed,
  today,
}: {
  section: EditableSection;
  /** Complete beside one item: only its fields, saved alone. Null: the whole section (Edit). */
  item: { key: ProfileItemKey; label: string; fields: readonly string[] } | null;
  title: string;
  values: ProfileFormValues;
  failed: Failed | null;
  today: string;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") === section;
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Typed and not saved: a field changed from what the page shows, or a save the server refused.
  const { onSubmit } = useUnsavedChanges(() => failed !== null || isFormDirty(formRef.current));
  const errors = failed?.fieldErrors ?? {};
  const current = (name: string) => failed?.values[name] ?? (values[section] as Record<string, string>)[name] ?? "";
  const messages = Object.entries(errors).flatMap(([name, list]) => (list ?? []).map((message) => ({ name, message })));
  const onForm = (name: string) => !item || item.fields.includes(name);
  const questions = PRIVACY_QUESTIONS.filter((question) => onForm(question.name));
  const fields = section === "privacy" ? [] : FORM_FIELDS[section].filter((field) => onForm(field.name));

  // After a refused save, move focus to the list of problems (GOV.UK error summary pattern).
  useEffect(() => {
    if (failed) summaryRef.current?.focus();
  }, [failed]);

  return (
    <Form
      ref={formRef}
      onSubmit={onSubmit}
      method="post"
      action="/profile"
      preventScrollReset
      noValidate
      id={`edit-${section}`}
      aria-label={item ? `Complete ${item.label}` : `Edit ${title}`}
      className="mt-4 grid scroll-mt-4 gap-5 border-t border-govuk-border pt-5 dark:border-slate-700"
    >
      <input type="hidden" name="intent" value={section} />
      {item ? <input type="hidden" name="item" value={item.key} /> : null}
      {failed ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={`edit-${section}-problem`}
          className="border-4 border-govuk-red p-4 dark:border-red-500"
        >
          <h3 id={`edit-${section}-problem`} className="text-lg font-bold">
            There is a problem
          </h3>
          <ul className="mt-2 grid gap-1">
            {messages.length ? (
              messages.map(({ name, message }) => (
                <li key={`${name}-${message}`}>
                  <a
                    href={`#field-${name}`}
                    className="font-semibold text-govuk-red underline underline-offset-4 dark:text-red-400"
                  >
                    {message}
                  </a>
                </li>
              ))
            ) : (
              <li className="font-semibold text-govuk-red dark:text-red-400">{failed.message}</li>
            )}
          </ul>
        </div>
      ) : null}

      {section === "privacy"
        ? questions.map((question, index) => (
            <YesNoQuestion
              key={question.name}
              {...question}
              value={current(question.name)}
              errors={errors[question.name]}
              autoFocus={index === 0 && !failed}
            />
          ))
        : fields.map((field, index) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              max={field.type === "date" ? today : undefined}
              defaultValue={current(field.name)}
              errors={errors[field.name]}
              autoFocus={index === 0 && !failed}
              className={field.width ?? ""}
            />
          ))}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
        <Link to={`/profile#section-${section}`} preventScrollReset className={buttonClasses("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function YesNoQuestion({
  name,
  legend,
  hint,
  yes,
  no,
  value,
  errors,
  autoFocus,
}: {
  name: string;
  legend: string;
  hint: string;
  yes: string;
  no: string;
  value: string;
  errors?: string[];
  autoFocus: boolean;
}) {
  const hintId = `field-${name}-hint`;
  const errorId = `field-${name}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(" ")} className="grid gap-2">
      <legend className="font-semibold">{legend}</legend>
      <p id={hintId} className="text-sm text-govuk-grey dark:text-slate-400">
        {hint}
      </p>
      {invalid ? <FieldErrorList id={errorId} errors={errors!} /> : null}
      <div className={"grid gap-2 " + (invalid ? "border-l-4 border-govuk-red pl-3" : "")}>
        {(
          [
            ["yes", yes],
            ["no", no],
          ] as const
        ).map(([option, label], index) => (
          <label key={option} className="flex items-center gap-3">
            <input
              type="radio"
              name={name}
              value={option}
              id={index === 0 ? `field-${name}` : `field-${name}-${option}`}
              defaultChecked={value === option}
              autoFocus={autoFocus && index === 0}
              className="h-6 w-6 accent-govuk-green"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
