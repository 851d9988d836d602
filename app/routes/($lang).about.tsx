import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { ABOUT_META, AboutPage } from "#app/components/pitch/about-page.tsx";
import { DEFAULT_LOCALE, isLocale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/** The title and description in the page's language; reads no session and sets no cookie (edge-cached). */
export function loader({ params }: LoaderFunctionArgs) {
  const intl = serverIntl(isLocale(params.lang) ? params.lang : DEFAULT_LOCALE);
  return json({ title: intl.formatMessage(ABOUT_META.title), description: intl.formatMessage(ABOUT_META.description) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data) : []);

export default function About() {
  return <AboutPage />;
}
