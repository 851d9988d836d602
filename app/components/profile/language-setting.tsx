/**
 * The language setting on /profile (issue 21): the language saved on the person's profile, and a
 * choice of the languages citizens' screens are offered in, each named in itself (with its `lang`,
 * so a screen reader speaks it in that language). It posts to /profile (intent `language`), which
 * saves it on the profile and in this browser's `lang` cookie and shows the page again in it: a plain
 * form without JavaScript, a Remix form (the page's other forms' way) with it.
 */
import { Form, useNavigation } from "@remix-run/react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { usePageLanguage } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FieldErrors } from "#app/components/ui/text-field.tsx";
import { LOCALE_INFO, type Locale, localesFor } from "#core/i18n/locales.ts";

const messages = {
  ...defineMessages({
    heading: { id: "profile.language.heading", defaultMessage: "Language" },
    notSaved: {
      id: "profile.language.notSaved",
      defaultMessage:
        "You have not chosen a language yet. Choose one and it will be used on every device you sign in on.",
    },
    legend: { id: "profile.language.legend", defaultMessage: "Which language do you want to use?" },
    save: { id: "profile.language.save", defaultMessage: "Save language" },
    saving: { id: "profile.language.saving", defaultMessage: "Saving..." },
  }),
  ...defineMessages<{ saved: { language: string; lang: MessageTag } }>({
    saved: {
      id: "profile.language.saved",
      defaultMessage: "You read this service in <lang>{language}</lang>.",
      description:
        "{language} is the saved language, named in itself (e.g. 'Cymraeg'); keep the <lang> tags around it.",
    },
  }),
};

/** `saved`: the language on the profile (null: none chosen yet); `errors`: a refused choice's message. */
export function LanguageSetting({ saved, errors }: { saved: Locale | null; errors: string[] | undefined }) {
  const intl = useIntl();
  const { locale } = usePageLanguage();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "language";
  const current = saved ?? locale;
  const invalid = Boolean(errors?.length);
  return (
    <Card as="section" id="language" aria-labelledby="language-heading" className="mt-8 scroll-mt-4 p-6">
      <h2 id="language-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.heading)}
      </h2>
      <p className="mt-2" data-testid="saved-language">
        {saved ? (
          <FormattedMessage
            {...messages.saved}
            values={{
              language: LOCALE_INFO[saved].name,
              lang: (chunks) => (
                <span lang={LOCALE_INFO[saved].tag} dir={LOCALE_INFO[saved].dir}>
                  {chunks}
                </span>
              ),
            }}
          />
        ) : (
          intl.formatMessage(messages.notSaved)
        )}
      </p>
      <Form method="post" action="/profile" preventScrollReset className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="language" />
        <fieldset
          aria-describedby={invalid ? "field-language-error" : undefined}
          className={`grid gap-2 ${invalid ? "border-s-4 border-govuk-red ps-3" : ""}`}
        >
          <legend className="font-semibold">{intl.formatMessage(messages.legend)}</legend>
          {invalid ? <FieldErrors id="field-language-error" errors={errors!} /> : null}
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {localesFor("citizen").map((option, index) => {
              const { tag, name, dir } = LOCALE_INFO[option];
              return (
                <label key={option} className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="language"
                    value={option}
                    id={index === 0 ? "field-language" : `field-language-${option}`}
                    defaultChecked={option === current}
                    className="h-6 w-6 accent-govuk-green"
                  />
                  <span lang={tag} dir={dir}>
                    {name}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={saving}>
            {intl.formatMessage(saving ? messages.saving : messages.save)}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
