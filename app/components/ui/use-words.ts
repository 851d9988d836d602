import { type IntlShape, type MessageDescriptor, useIntl } from "react-intl";

/** A message with no placeholders, or only plain `{name}` ones (no plurals, selects or tags). */
type PlainMessage = MessageDescriptor & { id: string; defaultMessage: string };

/**
 * Words for the pieces every page shows, even an error page whose root loader failed (the
 * database out, a language prefix refused, a method not allowed): the page then has no messages,
 * and react-intl would try to parse each English default with the parser the browser does not
 * carry, failing and logging once per message. Here the English is said as it is instead (its
 * plain `{name}` placeholders filled in); with the page's messages, this is `formatMessage`.
 */
export function useWords(): Say {
  return wordsOf(useIntl());
}

type Say = (message: PlainMessage, values?: Record<string, string | number>) => string;

/** useWords outside a component (a route's `meta`), with the formatter it has (app/components/i18n/language.tsx metaIntl). */
export function wordsOf(intl: Pick<IntlShape, "formatMessage" | "messages">): Say {
  return (message, values) => {
    if (message.id in intl.messages)
      return (intl.formatMessage as (message: MessageDescriptor, values?: Record<string, string | number>) => string)(
        message,
        values,
      );
    return message.defaultMessage.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole));
  };
}
