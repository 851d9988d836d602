import * as z from "zod";

/**
 * The analytics dashboard's contract (spec 000 §2 "Analytics dashboard", §3, §7, §9): the shapes
 * `/api/analytics/*` answers with and the /analytics screen reads, the query rules both sides
 * agree on, and the spec's constants. Times are ISO 8601 instants (UTC); the screen shows them
 * in en-GB.
 */

export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The time-range picker: the last 24 hours (hourly points), 7 or 30 days (daily points). */
export const RANGES = ["24h", "7d", "30d"] as const;
export type Range = (typeof RANGES)[number];
/** Spec 000 §9: refresh intervals of the five calls (dashboard, events, logs, errors, performance); the security audit (issue 13) as the logs. */
export const REFRESH_MS = {
  dashboard: 30_000,
  events: 10_000,
  logs: 10_000,
  errors: 15_000,
  performance: 30_000,
  audit: 10_000,
} as const;
/** Spec 000 §7 default limits, and the most any call may ask for. */
export const DEFAULT_LIMITS = { events: 50, logs: 100, errors: 50, performance: 100, audit: 50 } as const;
const MAX_LIMIT = 500;
/** Spec 000 §9: what the screen shows of each list. */
export const SHOWN = { topPages: 5, recentErrors: 3, performance: 10 } as const;

/** Active users: people with a visit that was active within this window. */
export const ACTIVE_USER_WINDOW_MS = 15 * 60 * 1000;

/** A list's `limit` query parameter: a whole number from 1 to MAX_LIMIT, `fallback` when absent. */
export const limitParameter = (fallback: number) =>
  z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
    .default(fallback);

export const DashboardQuery = z.object({ range: z.enum(RANGES).default("24h") }).strict();
export const EventsQuery = z.object({ limit: limitParameter(DEFAULT_LIMITS.events) }).strict();
export const LogsQuery = z
  .object({ level: z.enum(LOG_LEVELS).optional(), limit: limitParameter(DEFAULT_LIMITS.logs) })
  .strict();
export const ErrorsQuery = z
  .object({
    resolved: z
      .enum(["true", "false"])
      .transform((v) => v === "true")
      .optional(),
    limit: limitParameter(DEFAULT_LIMITS.errors),
  })
  .strict();
export const PerformanceQuery = z
  .object({
    metricType: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,49}$/, "metricType must be a short snake_case word")
      .optional(),
    limit: limitParameter(DEFAULT_LIMITS.performance),
  })
  .strict();

/** A point of the requests chart: how many measured API requests, and their p50/p95 response time (ms). */
export interface RequestPoint {
  at: string;
  requests: number;
  p50: number | null;
  p95: number | null;
}
export type ErrorPoint = { at: string } & Record<Severity, number>;
export interface CountPoint {
  at: string;
  count: number;
}

export interface AnalyticsDashboard {
  range: Range;
  /** "hour" for 24 h, "day" for 7 and 30 days. */
  granularity: "hour" | "day";
  generatedAt: string;
  systemHealth: {
    activeUsers: number;
    /** Mean response time of measured API requests in the range, ms; null when there were none. */
    averageResponseTime: number | null;
    unresolvedErrors: number;
    errorsBySeverity: Record<Severity, number>;
    recentErrors: ErrorRecord[];
  };
  userEngagement: {
    totalSessions: number;
    uniqueUsers: number;
    /** Mean length of ended visits, seconds; null when none ended in the range. */
    averageDuration: number | null;
    topPages: { page: string; views: number }[];
  };
  charts: {
    requests: RequestPoint[];
    errors: ErrorPoint[];
    sessions: CountPoint[];
    devices: { device: string; sessions: number }[];
  };
}

/** Spec 000 §3 "Event", plus the label. */
export interface EventRecord {
  id: string;
  eventType: string;
  eventAction: string;
  eventCategory: string;
  eventLabel: string | null;
  page: string | null;
  timestamp: string;
}

/** Spec 000 §3 "Log entry", plus the request id and category. */
export interface LogEntry {
  id: string;
  level: string;
  category: string;
  message: string;
  component: string | null;
  requestId: string | null;
  timestamp: string;
}

/**
 * Spec 000 §3 "Error record", one per error group (fingerprint): `timestamp` is when it was last
 * seen; `regressed` when it happened again after being resolved.
 */
export interface ErrorRecord {
  id: string;
  severity: Severity;
  errorType: string;
  message: string;
  component: string;
  timestamp: string;
  resolved: boolean;
  firstSeen: string;
  occurrences: number;
  regressed: boolean;
  resolvedAt: string | null;
  /** The resolver's name. */
  resolvedBy: string | null;
}

export interface ErrorOccurrence {
  id: string;
  timestamp: string;
  message: string | null;
  errorCode: string | null;
  requestId: string | null;
  /** Method and path of the request, or the page for a reported frontend error. */
  where: string | null;
  stackTrace: string | null;
}

export interface ErrorDetail extends ErrorRecord {
  /** The newest occurrences first (at most 20). */
  recent: ErrorOccurrence[];
}

/** Spec 000 §3 "Performance metric", plus where and when. */
export interface PerformanceMetric {
  id: string;
  metricType: string;
  metricName: string;
  value: number;
  unit: string;
  endpoint: string | null;
  timestamp: string;
}

/** Spec 000 §9: the response-time badge. */
export function responseTimeVariant(ms: number): "destructive" | "default" | "secondary" {
  if (ms > 1000) return "destructive";
  if (ms > 500) return "default";
  return "secondary";
}
