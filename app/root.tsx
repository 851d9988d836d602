import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { defineMessages } from "react-intl";
import { persistTheme, THEME_BOOT_SCRIPT, type Theme, themeFromCookieHeader } from "#app/client/theme.ts";
import { installTracking, trackPageView } from "#app/client/tracker.client.ts";
import { useCspNonce } from "#app/components/csp-nonce.tsx";
import { Header } from "#app/components/header.tsx";
import {
  LanguageAlternates,
  LanguageSwitch,
  metaIntl,
  PageIntl,
  usePageLanguage,
} from "#app/components/i18n/language.tsx";
import { siteMessages } from "#app/components/meta.ts";
import { NotFound, notFoundMessages } from "#app/components/not-found.tsx";
import { PublicHeader, SiteFooter } from "#app/components/public-header.tsx";
import { ServiceUnavailable, serviceUnavailableMessages } from "#app/components/service-unavailable.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { ToastProvider } from "#app/components/ui/toast.tsx";
import { useWords, wordsOf } from "#app/components/ui/use-words.ts";
import { LOCALE_INFO, PSEUDO_LOCALE_INFO } from "#core/i18n/locales.ts";
import { toPublicUser } from "#server/accounts/authentication.ts";
import { getActiveSession } from "#server/accounts/session.ts";
import { pageLanguage } from "#server/i18n/page-language.ts";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // No favicon yet: an empty icon stops browsers asking for /favicon.ico, which would answer 404.
  { rel: "icon", href: "data:," },
];

const messages = defineMessages({
  skipLink: { id: "shell.root.skipLink", defaultMessage: "Skip to main content" },
  home: { id: "shell.root.home", defaultMessage: "Go to the home page" },
  badRequestTitle: { id: "shell.error.badRequest.title", defaultMessage: "Bad request" },
  badRequest: {
    id: "shell.error.badRequest.message",
    defaultMessage: "The request could not be understood. Go back and try again.",
  },
  forbiddenTitle: { id: "shell.error.forbidden.title", defaultMessage: "Access denied" },
  forbidden: { id: "shell.error.forbidden.message", defaultMessage: "You do not have permission to use this page." },
  methodTitle: { id: "shell.error.method.title", defaultMessage: "Method not allowed" },
  method: {
    id: "shell.error.method.message",
    defaultMessage:
      "This page cannot handle that kind of request: it can only be viewed. If you sent a form, go back and try again from the page itself.",
  },
  tooLargeTitle: { id: "shell.error.tooLarge.title", defaultMessage: "Request too large" },
  tooLarge: { id: "shell.error.tooLarge.message", defaultMessage: "What was sent is larger than this page accepts." },
  otherTitle: { id: "shell.error.other.title", defaultMessage: "Something went wrong" },
  other: {
    id: "shell.error.other.message",
    defaultMessage: "Sorry, there is a problem with the service. Please try again later.",
  },
});

/**
 * The document's title and description in the page's language. Meta cannot use hooks: the root
 * loader's messages are read from `matches` (English when the root loader itself failed: no data).
 */
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => {
  // No root data (its loader failed): the English, as useWords says it.
  const say = wordsOf(metaIntl(matches));
  const site = say(siteMessages.name);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const heading =
    status === 404 ? notFoundMessages.title : status === 503 ? serviceUnavailableMessages.title : undefined;
  return [
    { title: heading ? `${say(heading)} | ${site}` : site },
    { name: "description", content: say(siteMessages.description) },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getActiveSession(request, context);
  const url = new URL(request.url);
  const language = pageLanguage({
    request,
    prefix: params.lang,
    routeIds: context.pageRoutes(url.pathname),
    user: session ? { role: session.user.role, language: session.user.language } : null,
  });
  return json(
    {
      user: session ? toPublicUser(session.user) : null,
      theme: themeFromCookieHeader(request.headers.get("Cookie")),
      i18n: { ...language, origin: url.origin },
    },
    // The answer depends on the session cookie: never from a shared cache.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Sign-in state changes through JSON calls (login, register, logout) that Remix does not see, and
 * sessions can be revoked on the server: read the user afresh on every navigation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  // The response's CSP nonce, given to the server render (not sent in the page's data, which
  // any script could read); the browser needs none once the scripts are in the page.
  const nonce = useCspNonce();
  const [theme, setTheme] = useState<Theme>(data?.theme ?? "light");

  // The boot script may have applied a stored choice the server did not know about.
  useEffect(() => {
    setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light");
  }, []);

  // Visit tracking (spec 001 §7): global listeners once, a page view on every route change.
  const { pathname } = useLocation();
  useEffect(() => installTracking(), []);
  useEffect(() => trackPageView(pathname), [pathname]);

  const { locale, pseudo } = usePageLanguage();
  const { tag, dir } = pseudo ? PSEUDO_LOCALE_INFO[pseudo] : LOCALE_INFO[locale];
  const toggleTheme = useCallback(() => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    persistTheme(next);
    setTheme(next);
  }, [theme]);

  return (
    <html lang={tag} dir={dir} className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: THEME_BOOT_SCRIPT is our own constant with no user input, allowed by the response's CSP nonce (or its SHA-256 hash on edge-cached pages, ADR 008). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
        <LanguageAlternates />
      </head>
      <body className="flex min-h-screen flex-col bg-govuk-grey-light text-govuk-black antialiased dark:bg-slate-950 dark:text-slate-100">
        <PageIntl>
          <a
            href="#main-content"
            className="sr-only focus:not-sr-only focus:absolute focus:inset-s-2 focus:top-2 focus:z-50 focus:bg-govuk-yellow focus:px-3 focus:py-2 focus:text-govuk-black"
          >
            <SkipLinkWords />
          </a>
          <ToastProvider>
            <LanguageSwitch />
            {data?.user ? <Header user={data.user} theme={theme} onToggleTheme={toggleTheme} /> : <PublicHeader />}
            <main id="main-content" className="flex-1">
              {children}
            </main>
            <SiteFooter />
          </ToastProvider>
        </PageIntl>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The skip link's words (useWords: said even on an error page whose root loader failed). */
function SkipLinkWords() {
  return <>{useWords()(messages.skipLink)}</>;
}

export default function App() {
  return <Outlet />;
}

type ErrorWords = (typeof messages)[keyof typeof messages];

/** What an error page says, by status: what happened and what the person can do. */
function errorMessage(status: number | undefined): { title: ErrorWords; message: ErrorWords } {
  switch (status) {
    case 400:
      return { title: messages.badRequestTitle, message: messages.badRequest };
    case 403:
      return { title: messages.forbiddenTitle, message: messages.forbidden };
    case 405:
      return { title: messages.methodTitle, message: messages.method };
    case 413:
      return { title: messages.tooLargeTitle, message: messages.tooLarge };
    default:
      return { title: messages.otherTitle, message: messages.other };
  }
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const say = useWords();
  // A route that answers 404 itself gets the same page as a path no route matches (spec 000 §2).
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound path={pathname} />;
  // The database could not answer in time (ADR 032): a page that says so, never a hang or a 500.
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailable path={`${pathname}${search}`} />;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const words = errorMessage(status);
  const title = say(words.title);
  // Server errors are logged with their request id on the server; the page never shows a stack.
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      {/* The status is a code, shown before the title in every language. */}
      <h1 className="text-3xl font-bold">{status ? `${status} ${title}` : title}</h1>
      <p className="mt-4 text-lg">{say(words.message)}</p>
      <p className="mt-8">
        <TextLink to="/">{say(messages.home)}</TextLink>
      </p>
    </div>
  );
}
