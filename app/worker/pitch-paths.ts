/** Spec 001 §2: the public pitch routes. Application screens (/login, /register…) are not cached. */
export const PITCH_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/about",
  "/challenge",
  "/solution",
  "/roadmap",
  "/costs-benefits",
  "/governance",
  "/ministers",
  "/podcasts",
  "/pilots",
  "/business-model",
  "/investor-funding",
  "/marketing",
  "/government",
  "/privacy-policy",
  "/terms-of-service",
]);
