/**
 * /assisted/sessions/{id}/paper: the printable page of a session's paper credentials (Generate
 * Paper QR; issue 10). Each code is the credential's offline presentation, scanned by the Verifier
 * Portal like a phone's, with its expiry and what the checker must also do. Its data is
 * server/assisted/paper-page.ts.
 *
 * The paper is the client's (issue 21): it is printed in the language the operator picked for the
 * client in the session (`?lang=`, sent with that language's messages by the route's loader), and
 * otherwise in the page's language. The page's own controls (back, print, a refusal) stay in the
 * operator's language.
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, IntlProvider, type MessageDescriptor, useIntl } from "react-intl";
import { useCredentialType } from "#app/components/credentials/type-text.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { PAGE_COLUMN } from "#app/components/ui/signed-in-page.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { formats, intlTag } from "#core/format/locale.ts";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "#core/i18n/locales.ts";
import { TYPE_MESSAGES } from "#core/issuers/type-messages.ts";
import type { PaperView } from "#server/assisted/paper-page.ts";

const messages = defineMessages({
  back: { id: "assisted.paper.back", defaultMessage: "Back to the session" },
  print: { id: "assisted.paper.print", defaultMessage: "Print", description: "Button: prints this page." },
  none: { id: "assisted.paper.none", defaultMessage: "This session printed no paper credentials." },
});

/** The words printed on the paper itself, in the client's language. */
const paperSheetMessagesDeclared = defineMessages({
  heading: { id: "assisted.paper.heading", defaultMessage: "Paper credential" },
  qrLabel: {
    id: "assisted.paper.qrLabel",
    defaultMessage: "{typeName} paper credential for {holderName}",
    description: "What a screen reader says of the QR code. typeName: the credential's type, e.g. Right to Work.",
  },
  holder: { id: "assisted.paper.holder", defaultMessage: "Holder: <strong>{holderName}</strong>" },
  validUntil: { id: "assisted.paper.validUntil", defaultMessage: "Valid until <strong>{date}</strong>" },
  checkerHeading: {
    id: "assisted.paper.checkerHeading",
    defaultMessage: "For whoever checks it",
    description: "Heading: instructions for the person (e.g. an employer) who checks the paper credential.",
  },
  checkerScan: {
    id: "assisted.paper.checkerScan",
    defaultMessage:
      "Scan the code with the Verifier Portal's camera scanner: it checks the issuer's signature and whether the credential has been revoked.",
  },
  checkerPhotoId: {
    id: "assisted.paper.checkerPhotoId",
    defaultMessage: "This paper is not tied to a phone: check the holder's photo ID against the name above.",
  },
  checkerShows: {
    id: "assisted.paper.checkerShows",
    defaultMessage: "It shows only: {claims}.",
    description: "claims: the list of facts the code discloses, e.g. 'Name, Date of birth'.",
  },
  holderHeading: { id: "assisted.paper.holderHeading", defaultMessage: "For the holder" },
  holderKeep: {
    id: "assisted.paper.holderKeep",
    defaultMessage:
      "Keep it safe like any identity document. If it is lost, contact the service so that it can be cancelled; until then it works for whoever holds it, until the date above.",
  },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const paperSheetMessages: { readonly [K in keyof typeof paperSheetMessagesDeclared]: MessageDescriptor } =
  paperSheetMessagesDeclared;

/** The credential types' names and claim labels (core/issuers/type-messages.ts): the paper names its type and claims. */
const typeMessageIds = (types: typeof TYPE_MESSAGES): string[] =>
  Object.values(types).flatMap(({ name, claims }) => [name.id, ...Object.values(claims).map((claim) => claim.id)]);

/** The ids of the paper's own words: the loader sends them in the client's language. */
export const PAPER_SHEET_MESSAGE_IDS: readonly string[] = [
  ...Object.values(paperSheetMessagesDeclared).map((m) => m.id),
  ...new Set(typeMessageIds(TYPE_MESSAGES)),
];

/** The client's language for the paper, and its words as the server parsed them (null: the page's language). */
export interface PaperLanguage {
  locale: Locale;
  messages: Readonly<Record<string, unknown>>;
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** The printable page of a session's paper credentials. */
export function PaperPage({
  sessionId,
  papers,
  refusal,
  client,
}: {
  sessionId: string;
  papers: PaperView[];
  /** Why this person may not print now (issue 20: who, how long after issue, how many times). */
  refusal: string | null;
  client: PaperLanguage | null;
}) {
  const intl = useIntl();
  return (
    <div className={`${PAGE_COLUMN} py-8`}>
      <div className="print:hidden">
        <BackLink to={`/assisted?session=${sessionId}`}>{intl.formatMessage(messages.back)}</BackLink>
      </div>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <ClientWords client={client}>
          <h1 className="text-4xl font-bold" {...languageOf(client)}>
            <FormattedMessage {...paperSheetMessages.heading} />
          </h1>
        </ClientWords>
        {refusal ? null : (
          <Button className="print:hidden" onClick={() => window.print()} data-testid="button-print">
            {intl.formatMessage(messages.print)}
          </Button>
        )}
      </div>
      {refusal ? (
        <p className="mt-6 border-s-4 border-govuk-red ps-3 dark:border-red-500" role="alert">
          {refusal}
        </p>
      ) : papers.length ? null : (
        <p className="mt-6">{intl.formatMessage(messages.none)}</p>
      )}
      {papers.length ? (
        <ClientWords client={client}>
          <ul className="mt-6 grid gap-6" {...languageOf(client)}>
            {papers.map((paper) => (
              <li key={paper.credentialId}>
                <PaperSheet paper={paper} locale={client?.locale ?? null} />
              </li>
            ))}
          </ul>
        </ClientWords>
      ) : null}
    </div>
  );
}

/** `lang` and `dir` of the client's words when they differ from the page's. */
function languageOf(client: PaperLanguage | null) {
  return client ? { lang: LOCALE_INFO[client.locale].tag, dir: LOCALE_INFO[client.locale].dir } : {};
}

/** Its children's messages in the client's language (when one was picked). */
function ClientWords({ client, children }: { client: PaperLanguage | null; children: ReactNode }) {
  if (!client) return <>{children}</>;
  return (
    <IntlProvider
      locale={intlTag(client.locale)}
      defaultLocale={intlTag(DEFAULT_LOCALE)}
      messages={client.messages as Record<FormatjsIntl.Message["ids"], MessageFormatElement[]>}
      onError={(error) => console.error(error.message)}
    >
      {children}
    </IntlProvider>
  );
}

function PaperSheet({ paper, locale }: { paper: PaperView; locale: Locale | null }) {
  const intl = useIntl();
  const type = useCredentialType(paper.type);
  const pageFormats = useFormats();
  const f = locale ? formats(locale) : pageFormats;
  return (
    <Card
      as="article"
      aria-labelledby={`paper-${paper.credentialId}`}
      className="flex flex-wrap gap-6 p-6 print:break-inside-avoid print:border-black"
      data-testid="paper-credential"
    >
      <QrCode
        value={paper.payload}
        label={intl.formatMessage(paperSheetMessages.qrLabel, {
          typeName: type.name,
          holderName: paper.holderName,
        })}
        size={320}
      />
      <div className="min-w-0 max-w-prose">
        <h2 id={`paper-${paper.credentialId}`} className="text-2xl font-bold">
          {type.name}
        </h2>
        <p className="mt-1 text-lg">
          <FormattedMessage
            {...paperSheetMessages.holder}
            values={{ holderName: <bdi>{paper.holderName}</bdi>, strong }}
          />
        </p>
        <p className="mt-1 text-lg" data-testid="paper-expiry">
          <FormattedMessage {...paperSheetMessages.validUntil} values={{ date: f.date(paper.expiresAt), strong }} />
        </p>
        <h3 className="mt-4 font-bold">
          <FormattedMessage {...paperSheetMessages.checkerHeading} />
        </h3>
        <ul className="mt-1 list-disc space-y-1 ps-6">
          <li>
            <FormattedMessage {...paperSheetMessages.checkerScan} />
          </li>
          <li>
            <FormattedMessage {...paperSheetMessages.checkerPhotoId} />
          </li>
          <li>
            <FormattedMessage
              {...paperSheetMessages.checkerShows}
              values={{ claims: intl.formatList(paper.disclosed.map(type.claimLabel), { type: "unit" }) }}
            />
          </li>
        </ul>
        <h3 className="mt-4 font-bold">
          <FormattedMessage {...paperSheetMessages.holderHeading} />
        </h3>
        <p className="mt-1">
          <FormattedMessage {...paperSheetMessages.holderKeep} />
        </p>
      </div>
    </Card>
  );
}
