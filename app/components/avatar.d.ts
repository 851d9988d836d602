/**
 * Generated avatars (spec 000 §2: the header's fallback picture): the person's initials on a
 * colour chosen from their name, or a neutral silhouette when nobody is known. Deterministic, so
 * the same name always draws the same picture.
 */
/**
 * Spec 000 §2: the avatar's fallback path. Bare: the server draws the signed-in person's initials
 * from the session, so no name travels in a URL (access logs, Referer, history).
 */
export declare const PLACEHOLDER_AVATAR_PATH = "/api/placeholder-avatar";
/** The picture the header shows for a user: their own image when set, else the fallback. */
export declare function avatarSrc(user: {
    profileImageUrl: string | null;
}): string;
export declare function initialsOf(name: string): string;
export declare function avatarSvg(name: string | undefined): string;
