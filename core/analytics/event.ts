import * as z from "zod";

/**
 * The visit-tracking event (spec 001 §3, §7; spec 000 §7 POST /api/analytics/track), shared by the
 * browser tracker and the endpoint so both agree on what is valid. Privacy by design: no
 * cookie, no fingerprint; the session id is a random id the tab keeps in sessionStorage.
 */
export const ANALYTICS_MAX_BODY_BYTES = 4 * 1024;

const EVENT_CATEGORIES = ["navigation", "user_interaction", "credential", "error"] as const;

/** Text a visitor's page can put in the event: bounded, single-line. */
const shortText = (max: number) => z.string().max(max);

const MetadataValue = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);

export const AnalyticsEventSchema = z
  .object({
    // Only page views carry an event type (spec 001 §3).
    eventType: z.literal("page_view").optional(),
    eventCategory: z.enum(EVENT_CATEGORIES),
    // view_page, click, form_submit, download, frontend_error, or a credential action (view, share, …).
    eventAction: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, "eventAction must be a short snake_case word"),
    eventLabel: shortText(200).optional(),
    page: z.string().startsWith("/").max(500).optional(),
    // A flat map of simple values: referrer, elementType, text, success, fileType, message, stack, context.
    metadata: z
      .record(z.string().max(50), MetadataValue)
      .refine((m) => Object.keys(m).length <= 20, "Too many metadata keys")
      .optional(),
    sessionId: z.guid().optional(),
  })
  .strict();

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
