import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ANALYTICS_MAX_BODY_BYTES, type AnalyticsEvent, AnalyticsEventSchema } from "#core/analytics/event.ts";
import { describeUserAgent, reduceUserAgent } from "#core/analytics/user-agent.ts";
import { analyticsEvents } from "#db/schema/index.ts";
import { clientAddress, getUser } from "#server/accounts/authentication.ts";
import { clientNetwork, hashAddress, mayTrack, referrerOrigin, visitorSalt } from "#server/analytics/privacy.ts";
import { methodNotAllowed, parseBody } from "#server/http/json.ts";
import { errorStatements } from "#server/observability/errors.ts";

export const loader = () => methodNotAllowed("POST");

/** Workers Rate Limiting window (wrangler.toml [[ratelimits]] TRACK_LIMITER: 120 a minute). */
const TRACK_PERIOD_SECONDS = 60;

function tooManyEvents(): Response {
  return Response.json(
    { message: "Too many analytics events from this client. Try again in a minute." },
    { status: 429, headers: { "Retry-After": String(TRACK_PERIOD_SECONDS), "Cache-Control": "no-store" } },
  );
}

/** A referrer in an event's metadata is kept as its origin only, like the event's own referrer column. */
function withoutReferrerPath(metadata: AnalyticsEvent["metadata"]): AnalyticsEvent["metadata"] {
  if (!metadata || !("referrer" in metadata)) return metadata;
  return {
    ...metadata,
    referrer: typeof metadata.referrer === "string" ? (referrerOrigin(metadata.referrer) ?? "") : metadata.referrer,
  };
}

/**
 * POST /api/analytics/track, open to anyone: at most 120 events a minute per client (the day's
 * hash of its address; 429 with Retry-After, nothing stored), then validates one event, answers
 * 204 at once, and stores it after the response (waitUntil), so tracking never slows a page.
 * Stored as ADR 020 and server/analytics/privacy.ts say: the address only as the day's keyed hash,
 * the user agent reduced to browser, OS and device class, the referrer as its origin; nothing at
 * all for a signed-in citizen who opted out of usage analytics. A frontend error is also recorded
 * in error_logs with its group (fingerprint), in the same batch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const now = new Date();
  const salt = await visitorSalt(context.env, now);
  const address = clientAddress(request);
  const visitor = await hashAddress(salt, address);
  // Counted before the body is read, so a flood of malformed events is refused as cheaply; per
  // network, so one IPv6 client cannot spread its events over the addresses of its /64.
  const { success } = await context.env.TRACK_LIMITER.limit({ key: await hashAddress(salt, clientNetwork(address)) });
  if (!success) return tooManyEvents();
  const event = await parseBody(request, AnalyticsEventSchema, ANALYTICS_MAX_BODY_BYTES);

  context.ctx.waitUntil(
    (async () => {
      const user = await getUser(request, context);
      if (!(await mayTrack(context.db, user?.id))) return;
      const metadata = withoutReferrerPath(event.metadata);
      const stored = context.db.insert(analyticsEvents).values({
        sessionId: event.sessionId,
        userId: user?.id,
        eventType: event.eventType ?? "event",
        eventCategory: event.eventCategory,
        eventAction: event.eventAction,
        eventLabel: event.eventLabel,
        page: event.page,
        referrer: typeof metadata?.referrer === "string" ? metadata.referrer || undefined : undefined,
        metadata,
        userAgent: describeUserAgent(reduceUserAgent(request.headers.get("User-Agent"))),
        ipAddress: visitor,
        timestamp: now,
      });
      if (event.eventCategory === "error" && event.eventAction === "frontend_error") {
        // Already after the response: the event and the error (with its group's upsert) in one batch.
        // Anyone can send one, so an anonymous report is kept apart (its own component, low
        // severity: never an alert) and never reopens a resolved error; a signed-in person's can.
        const message = typeof metadata?.message === "string" ? metadata.message : (event.eventLabel ?? "Script error");
        const error = errorStatements(
          context.db,
          {
            errorType: "FrontendError",
            message,
            component: user ? "frontend" : "frontend-anonymous",
            severity: user ? "medium" : "low",
            mayReopen: user !== null && user !== undefined,
            userId: user?.id,
            sessionId: event.sessionId,
            stackTrace: typeof metadata?.stack === "string" && metadata.stack ? metadata.stack : null,
            context: { page: event.page ?? null },
          },
          context.requestId,
          now,
        );
        await context.db.batch([stored, ...error]);
      } else {
        await stored;
      }
    })().catch((error) => console.error(`[${context.requestId}] analytics event not stored`, error)),
  );
  // No body: a browser that never reads an answer's body keeps the request open, and a page that
  // tracks a view on load would then never reach network idle.
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
