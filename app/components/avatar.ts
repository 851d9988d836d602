/**
 * Generated avatars (spec 000 §2: the header's fallback picture): the person's initials on a
 * colour chosen from their name, or a neutral silhouette when nobody is known. Deterministic, so
 * the same name always draws the same picture.
 */

/**
 * Spec 000 §2: the avatar's fallback path. Bare: the server draws the signed-in person's initials
 * from the session, so no name travels in a URL (access logs, Referer, history).
 */
const PLACEHOLDER_AVATAR_PATH = "/api/placeholder-avatar";

/** The picture the header shows for a user: their own image when set, else the fallback. */
export function avatarSrc(user: { profileImageUrl: string | null }): string {
  return user.profileImageUrl || PLACEHOLDER_AVATAR_PATH;
}

// GOV.UK palette colours. The initials are large bold text (WCAG needs 3:1); the lighter
// backgrounds get dark text to reach it.
const BACKGROUNDS = ["#1d70b8", "#00703c", "#4c2c92", "#d53880", "#b58840", "#28a197", "#f47738", "#912b88"] as const;
const DARK_TEXT = new Set(["#b58840", "#28a197", "#f47738"]);

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((w) => Array.from(w.replace(/[^\p{L}\p{N}]/gu, ""))[0] ?? "")
    .join("")
    .toLocaleUpperCase("en-GB")
    .slice(0, 2);
}

function colourFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length]!;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function avatarSvg(name: string | undefined): string {
  const initials = name ? initialsOf(name) : "";
  if (!initials) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="User"><rect width="64" height="64" fill="#b1b4b6"/><circle cx="32" cy="25" r="11" fill="#ffffff"/><path d="M12 58c2-11 10-17 20-17s18 6 20 17z" fill="#ffffff"/></svg>`;
  }
  const background = colourFor(name!);
  const foreground = DARK_TEXT.has(background) ? "#0b0c0c" : "#ffffff";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(
    name!,
  )}"><rect width="64" height="64" fill="${background}"/><text x="32" y="33" dominant-baseline="central" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="${foreground}">${escapeXml(
    initials,
  )}</text></svg>`;
}
