/**
 * Requests the page makes by itself on a timer, not because the person did anything: the home
 * dashboard's refresh every 2 s (spec 000 §9). They carry this header so the server can tell them
 * apart: they read the session without sliding its idle timeout (ADR 003 "idle and absolute
 * timeouts": an unattended tab must still time out), and they are not counted among the API
 * response times the dashboards report (server/observability/request-outcomes.ts).
 *
 * The header only ever takes something away from the sender (its session is not extended, its
 * request is not measured), so a client gains nothing by sending it falsely.
 */
export const BACKGROUND_POLL_HEADER = "X-Background-Poll";

/** The dashboard's figures, polled every 2 s: never measured, whatever headers it carries. */
export const DASHBOARD_STATS_PATH = "/api/dashboard/stats";

export function isBackgroundPoll(request: Request): boolean {
  return request.headers.get(BACKGROUND_POLL_HEADER) === "1";
}
