/**
 * Every path that shows a "coming in a later release" page, and the area it shows: the header
 * names /analytics (spec 000 §2).
 * Plain JavaScript, so remix.config.js (which maps each path to page.tsx) and the page itself
 * (app/components/later-release.tsx) read the one list.
 */
export const LATER_RELEASE_PATHS = /** @type {const} */ ({
  "/analytics": "analytics",
});
