import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from "icu-messageformat-parser-full";
import type { Pseudo } from "#core/i18n/locales.ts";

/**
 * Pseudo-locales (issue 21, ADR 035), for finding words that do not go through the catalogs and
 * layouts that do not hold, never for people: on a stack started with PSEUDO_LOCALES "true" (local
 * runs and tests), the `pseudo` cookie turns a page's English messages into
 *  - xa, accented: every letter a look-alike with a diacritic ("Śîĝñ îñ"), so any plain ASCII word
 *    left on the page was not written through a message;
 *  - xb, bidirectional: every text right to left (RLO … PDF) on a right-to-left page, so a layout
 *    that only works left to right shows.
 */

const COOKIE = /(?:^|;\s*)pseudo=(xa|xb)(?:;|$)/;

/** The pseudo-locale a request's cookie asks for, if any. */
export function pseudoOf(request: Request): Pseudo | undefined {
  return (request.headers.get("Cookie") ?? "").match(COOKIE)?.[1] as Pseudo | undefined;
}

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";
const LOOK_ALIKE = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]!]));

function transform(text: string, pseudo: Pseudo): string {
  if (pseudo === "xb") return `\u202e${text}\u202c`;
  return [...text].map((c) => LOOK_ALIKE.get(c) ?? c).join("");
}

/** A message's literal text in the pseudo-locale; placeholders, plurals' selectors and tags stay. */
function pseudoElements(elements: MessageFormatElement[], pseudo: Pseudo): MessageFormatElement[] {
  return elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: transform(element.value, pseudo) };
    if (isPluralElement(element) || isSelectElement(element))
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([key, option]) => [
            key,
            { ...option, value: pseudoElements(option.value, pseudo) },
          ]),
        ),
      };
    if (isTagElement(element)) return { ...element, children: pseudoElements(element.children, pseudo) };
    return element;
  });
}

export function pseudoMessages(
  messages: Record<string, MessageFormatElement[]>,
  pseudo: Pseudo,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, ast]) => [id, pseudoElements(ast, pseudo)]));
}
