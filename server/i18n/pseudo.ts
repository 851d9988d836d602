import { AsyncLocalStorage } from "node:async_hooks";
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
function pseudoOf(request: Request): Pseudo | undefined {
  return (request.headers.get("Cookie") ?? "").match(COOKIE)?.[1] as Pseudo | undefined;
}

/**
 * The request's pseudo-locale, for every English word the server makes while it answers (ADR 043):
 * the page's messages and the words loaders and actions format themselves (serverIntl), so the
 * pseudo-locale finds a hard-coded word wherever it is made. Entered only on a stack that serves
 * the pseudo-locales.
 */
// One scope per isolate, kept on the global object: the worker's entry and the Remix build each
// bundle their own copy of this module, and the entry enters the scope the build's loaders read.
const SCOPE = Symbol.for("identity.pseudo-locale");
const shared = globalThis as { [SCOPE]?: AsyncLocalStorage<Pseudo> };
shared[SCOPE] ??= new AsyncLocalStorage<Pseudo>();
const scope = shared[SCOPE];

/** Runs `answer` in the pseudo-locale the request's cookie asks for, when `served` (PSEUDO_LOCALES "true"). */
export function inPseudoLocale<T>(request: Request, served: boolean, answer: () => T): T {
  const pseudo = served ? pseudoOf(request) : undefined;
  return pseudo ? scope.run(pseudo, answer) : answer();
}

/** The pseudo-locale the request being answered is in, if any. */
export const currentPseudo = (): Pseudo | undefined => scope.getStore();

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";
const LOOK_ALIKE = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]!]));

function transform(text: string, pseudo: Pseudo): string {
  if (pseudo === "xb") return `\u202e${text}\u202c`;
  return [...text].map((c) => LOOK_ALIKE.get(c) ?? c).join("");
}

/** A message's literal text in the pseudo-locale; placeholders, plurals' selectors and tags stay. */
export function pseudoElements(elements: MessageFormatElement[], pseudo: Pseudo): MessageFormatElement[] {
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
