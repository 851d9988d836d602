import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { analyticsEvents } from "#db/schema/index.ts";
import { AnalyticsEventSchema, ANALYTICS_MAX_BODY_BYTES } from "#core/analytics/event.ts";
import { clientAddress, getUser } from "#server/accounts/authentication.ts";
import { methodNotAllowed, readJsonBody, validationError } from "#server/http/json.ts";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/analytics/track: validates one event, answers 204 at once, and stores it with the
 * visitor's user (if signed in), address and user agent after the response (writes
 * through waitUntil), so tracking never slows a page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = AnalyticsEventSchema.safeParse(await readJsonBody(request, ANALYTICS_MAX_BODY_BYTES));
  if (!parsed.success) return validationError(parsed.error);
  const event = parsed.data;

  context.ctx.waitUntil(
    (async () => {
      const user = await getUser(request, context);
      await context.db.insert(analyticsEvents).values({
        sessionId: event.sessionId,
        userId: user?.id,
        eventType: event.eventType ?? "event",
        eventCategory: event.eventCategory,
        eventAction: event.eventAction,
        eventLabel: event.eventLabel,
        page: event.page,
        referrer: typeof event.metadata?.referrer === "string" ? event.metadata.referrer.slice(0, 500) : undefined,
        metadata: event.metadata,
        userAgent: request.headers.get("User-Agent")?.slice(0, 500),
        ipAddress: clientAddress(request),
      });
    })().catch((error) => console.error(`[${context.requestId}] analytics event not stored`, error)),
  );
  // No body: a browser that never reads an answer's body keeps the request open, and a page that
  // tracks a view on load would then never reach network idle.
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
