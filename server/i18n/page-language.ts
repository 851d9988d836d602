import { defineMessages } from "@formatjs/intl";
import { effectiveRole } from "#core/accounts/users.ts";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type LocaleScope,
  localesFor,
  type Pseudo,
} from "#core/i18n/locales.ts";
import { negotiateLocale } from "#core/i18n/negotiate.ts";
import { PUBLIC_PAGES, publicPage, splitLocalePrefix } from "#core/i18n/pages.ts";
import { type ParsedMessages, pageMessages, serverIntl, translates } from "./catalogs.ts";
import { currentPseudo, pseudoMessages } from "./pseudo.ts";
import { messageIdsFor, ROUTE_MESSAGES } from "./routes.ts";

/** The cookie that remembers a person's choice of language (and is set from their profile at sign-in). */
const LANGUAGE_COOKIE = "lang";

/** One year: a choice of language is kept until it is changed. */
const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; Secure`;
}

/** The language a request's cookie names, if it names one we speak. */
export function cookieLocale(request: Request): Locale | undefined {
  const match = (request.headers.get("Cookie") ?? "").match(
    new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`),
  );
  return match && isLocale(match[1]) ? match[1] : undefined;
}

/**
 * The screens a citizen (or a client at the counter) uses: offered in every language. Every other
 * screen (the pitch site, the verifier, operator, administrator and Gabriel consoles, the staff's
 * home dashboards) is offered in English and Welsh. The public ones among them say the same in
 * core/i18n/pages.ts, by address. The home page is both: see CITIZEN_HOME.
 */
export const CITIZEN_ROUTES: ReadonlySet<string> = new Set([
  "routes/$",
  "routes/($lang).login",
  "routes/($lang).register",
  "routes/($lang).verify.$shareId",
  "routes/verify-malformed",
  "routes/($lang).privacy-policy",
  "routes/wallet",
  "routes/wallet_.present",
  // Where the copies of the person's credentials went, and revoking an app's (issue 22).
  "routes/wallet_.apps",
  "routes/credentials",
  "routes/shares",
  "routes/profile",
  "routes/assisted_.sessions.$id.paper",
  // A wallet app's authorization request (issue 22): the person who holds the credential consents.
  "routes/oauth.authorize",
]);

/**
 * `/` (spec 000 §2) is the pitch home page for a visitor and a dashboard per role once signed in.
 * A citizen's dashboard is a citizen screen: offered in every language, and made of the shared
 * dashboard messages and the citizen's own (app/components/dashboard; its rows the server words
 * with `server.citizen.*` messages). The staff's dashboards and the visitor's pitch home keep
 * their scope (English and Welsh; PUBLIC_PAGES["/"]), and their messages.
 */
const CITIZEN_HOME = {
  route: "routes/($lang)._index",
  messages: ["dashboard.page.", "dashboard.citizen."],
} as const;

/** The message ids of a citizen's home dashboard: the root's and the home route's dashboard ones (CITIZEN_HOME). */
export function citizenHomeMessageIds(): string[] {
  const home = (ROUTE_MESSAGES[CITIZEN_HOME.route] ?? []).filter((id) =>
    CITIZEN_HOME.messages.some((prefix) => id.startsWith(prefix)),
  );
  return [...new Set([...messageIdsFor([]), ...home])];
}

/** Whether these routes, for this person, are a signed-in citizen's home dashboard. */
function isCitizenHome(routeIds: readonly string[], user: Asked["user"]): boolean {
  return (
    user !== null &&
    effectiveRole(user.role) === "citizen" &&
    routeIds.includes(CITIZEN_HOME.route) &&
    routeIds.every((id) => id === "root" || id === CITIZEN_HOME.route)
  );
}

const messages = defineMessages({
  notYet: {
    id: "language.notYet",
    defaultMessage: "This page is not available in your language yet.",
    description:
      "Shown in the language the person chose, above a page shown in English because it is not translated yet.",
  },
});

export interface PageLanguage {
  /** The language the page is written in. */
  locale: Locale;
  /** The language the person asked for: differs from `locale` while this page is not yet translated into it. */
  requested: Locale;
  /** The languages the page's switch offers. */
  offered: Locale[];
  /** The public page whose address carries the language ("/login"), or null on a signed-in screen. */
  page: string | null;
  /** The page's messages in `locale`, parsed. */
  messages: ParsedMessages;
  /** In the language asked for, when the page is shown in English because it is not translated into it yet. */
  notice: string | null;
  /** The pseudo-locale the messages are written in, if any (server/i18n/pseudo.ts). */
  pseudo?: Pseudo;
}

interface Asked {
  request: Request;
  /** The address's language prefix, if any (the `($lang)` segment of a public route). */
  prefix: string | undefined;
  /** The route modules that answer the address (root first). */
  routeIds: readonly string[];
  /** The signed-in person: their role and saved language. */
  user: { role: string; language: string | null } | null;
}

const notFound = () => new Response("Not Found", { status: 404 });

/** A page's language as decided, without its messages: what a route loader needs for its own words. */
type Decided = Pick<PageLanguage, "locale" | "requested" | "offered" | "page">;

/**
 * Decides a page's language (issue 21): a public page's address says it (no prefix: English for a
 * visitor); a signed-in person's page without a prefix follows their choice (the cookie, then
 * their profile), then what their browser asks for. A prefix the page is not offered in, or no
 * language at all, is a 404. A page not yet translated into the language asked for is shown in
 * English, whole. A citizen's home dashboard is offered in every language (CITIZEN_HOME), though
 * its address keeps the pitch home's prefixes (`/cy/`; `/pl` is no address).
 */
function decide({ request, prefix, routeIds, user }: Asked, ids: readonly string[]): Decided {
  const { pathname } = new URL(request.url);
  const { path } = splitLocalePrefix(pathname);
  const publicAt = publicPage(path) ?? null;
  const citizenHome = isCitizenHome(routeIds, user);
  // A citizen's dashboard is a signed-in screen: no language addresses of its own (no alternates).
  const page = citizenHome ? null : publicAt;
  const scope: LocaleScope = citizenHome
    ? "citizen"
    : page
      ? (PUBLIC_PAGES[page] ?? "all")
      : routeIds.every((id) => id === "root" || CITIZEN_ROUTES.has(id))
        ? "citizen"
        : "all";
  const offered = [...localesFor(scope)];

  let requested: Locale;
  if (prefix !== undefined) {
    // The address's prefix must be one the public page at that address is offered in: "/cy/" is
    // the home page in Welsh for everyone, "/pl" is no address (a citizen's Polish follows their choice).
    const addressable = publicAt ? localesFor(PUBLIC_PAGES[publicAt] ?? "all") : [];
    if (!isLocale(prefix) || prefix === DEFAULT_LOCALE || !offered.includes(prefix) || !addressable.includes(prefix))
      throw notFound();
    requested = prefix;
  } else if (page && !user) {
    // A visitor's unprefixed public page is English: the address alone decides what the edge
    // cache shares (a visitor who chose another language is sent to its address first).
    requested = DEFAULT_LOCALE;
  } else {
    const chosen = cookieLocale(request) ?? (isLocale(user?.language) ? user.language : undefined);
    requested = chosen ?? negotiateLocale(request.headers.get("Accept-Language"), offered);
  }

  const locale = offered.includes(requested) && translates(requested, ids) ? requested : DEFAULT_LOCALE;
  return { locale, requested, offered, page };
}

/** The message ids of the page these routes make, for this person (a citizen's home: its dashboard's only). */
function pageMessageIds({ routeIds, user }: Pick<Asked, "routeIds" | "user">): string[] {
  return isCitizenHome(routeIds, user)
    ? citizenHomeMessageIds()
    : messageIdsFor(routeIds.filter((id) => id !== "root"));
}

/** The page's language and its messages, parsed, for the root loader (and the line saying a page is not translated yet). */
export function pageLanguage(asked: Asked): PageLanguage {
  const ids = pageMessageIds(asked);
  const decided = decide(asked, ids);
  const pseudo = currentPseudo();
  if (pseudo) {
    const english = pageMessages(DEFAULT_LOCALE, ids);
    return {
      ...decided,
      locale: DEFAULT_LOCALE,
      requested: DEFAULT_LOCALE,
      messages: pseudoMessages(english, pseudo),
      notice: null,
      pseudo,
    };
  }
  const { locale, requested } = decided;
  const notice =
    locale !== requested && translates(requested, [messages.notYet.id])
      ? serverIntl(requested).formatMessage(messages.notYet)
      : null;
  return { ...decided, messages: pageMessages(locale, ids), notice };
}

/**
 * The language the root loader shows a page in, for a route loader's own words (its sentences, its
 * title): the same decision, without building the page's messages again.
 */
export function pageLocale(asked: Asked): Locale {
  const { locale } = decide(asked, pageMessageIds(asked));
  return currentPseudo() ? DEFAULT_LOCALE : locale;
}

/**
 * The address a first visit to a public page without a prefix is sent to, when the visitor's
 * remembered choice (the cookie) or, with none, their browser's languages ask for another one
 * the page is offered in; null to show the page as addressed. Never for crawlers: each address
 * keeps one language for them.
 */
export function firstVisitLanguage(request: Request, isCrawler: boolean): Locale | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.searchParams.has("_data") || splitLocalePrefix(url.pathname).prefix) return null;
  const page = publicPage(url.pathname);
  if (!page) return null;
  const offered = localesFor(PUBLIC_PAGES[page] ?? "all");
  const chosen = cookieLocale(request);
  const wanted =
    chosen ?? (isCrawler ? DEFAULT_LOCALE : negotiateLocale(request.headers.get("Accept-Language"), offered));
  return wanted !== DEFAULT_LOCALE && offered.includes(wanted) ? wanted : null;
}
