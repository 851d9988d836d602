/**
 * Dark mode (spec 000 §2 Header): the choice is kept in localStorage and mirrored in a cookie, so
 * the server renders <html class="dark"> itself and a small inline script in <head> settles any
 * disagreement (e.g. a cookie cleared while localStorage kept the choice) before first paint.
 * The cookie is a display preference only, not a secret, so it is readable by script.
 */
export type Theme = "light" | "dark";

export const THEME_COOKIE = "theme";
const THEME_STORAGE_KEY = "theme";
const ONE_YEAR_S = 60 * 60 * 24 * 365;

export function themeFromCookieHeader(cookieHeader: string | null): Theme {
  if (!cookieHeader) return "light";
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === THEME_COOKIE) return rest.join("=") === "dark" ? "dark" : "light";
  }
  return "light";
}

/** Applies and remembers a theme in the browser. */
export function persistTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support, and this one non-secret display cookie must be set synchronously so the next server render agrees.
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/**
 * Runs before paint. localStorage wins over the cookie the server used; when they differ the
 * cookie is rewritten so the next server render agrees. Kept tiny and free of user input, and
 * carries the CSP nonce where it is rendered.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var k=${JSON.stringify(
  THEME_STORAGE_KEY,
)},t=localStorage.getItem(k);if(t!=="dark"&&t!=="light")return;var d=document.documentElement;d.classList.toggle("dark",t==="dark");d.style.colorScheme=t;if(document.cookie.indexOf(${JSON.stringify(
  `${THEME_COOKIE}=`,
)}+t)<0){document.cookie=${JSON.stringify(
  `${THEME_COOKIE}=`,
)}+t+"; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}}catch(e){}})();`;
