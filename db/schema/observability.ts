// Spec 000 §3: analytics_events, system_logs, performance_metrics, error_logs, user_sessions.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";

/**
 * Analytics rows keep no raw IP address and no raw user agent (ADR 020): `ipAddress` holds a keyed
 * hash of the address with a salt that rotates daily, so a visitor is countable within a day and
 * unlinkable across days; the user agent is reduced to browser, OS and device class.
 */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: uuidPk(),
    sessionId: text("session_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    eventCategory: text("event_category").notNull(),
    eventAction: text("event_action").notNull(),
    eventLabel: text("event_label"),
    page: text("page"),
    referrer: text("referrer"),
    metadata: json<Record<string, unknown>>("metadata"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    timestamp: createdAt("timestamp"),
  },
  (t) => [
    index("analytics_events_time_idx").on(t.timestamp),
    index("analytics_events_type_time_idx").on(t.eventType, t.timestamp),
  ],
);

export const systemLogs = sqliteTable(
  "system_logs",
  {
    id: uuidPk(),
    level: text("level").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    component: text("component"),
    userId: text("user_id"),
    sessionId: text("session_id"),
    requestId: text("request_id"),
    metadata: json<Record<string, unknown>>("metadata"),
    stackTrace: text("stack_trace"),
    timestamp: createdAt("timestamp"),
  },
  (t) => [
    index("system_logs_category_time_idx").on(t.category, t.timestamp),
    index("system_logs_time_idx").on(t.timestamp),
    index("system_logs_level_time_idx").on(t.level, t.timestamp),
  ],
);

export const performanceMetrics = sqliteTable(
  "performance_metrics",
  {
    id: uuidPk(),
    metricType: text("metric_type").notNull(),
    metricName: text("metric_name").notNull(),
    value: integer("value").notNull(),
    unit: text("unit").notNull(),
    component: text("component"),
    endpoint: text("endpoint"),
    userId: text("user_id"),
    metadata: json<Record<string, unknown>>("metadata"),
    timestamp: createdAt("timestamp"),
  },
  (t) => [
    index("performance_metrics_time_idx").on(t.timestamp),
    index("performance_metrics_type_time_idx").on(t.metricType, t.timestamp),
  ],
);

export const errorLogs = sqliteTable(
  "error_logs",
  {
    id: uuidPk(),
    errorType: text("error_type"),
    message: text("message"),
    component: text("component").notNull(),
    errorCode: text("error_code"),
    userId: text("user_id"),
    sessionId: text("session_id"),
    requestId: text("request_id"),
    stackTrace: text("stack_trace"),
    context: json<Record<string, unknown>>("context"),
    resolved: bool("resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by"),
    severity: text("severity").notNull().default("medium"),
    /** The error_groups row this occurrence belongs to (type, component, normalised message). */
    fingerprint: text("fingerprint"),
    timestamp: createdAt("timestamp"),
  },
  (t) => [
    index("error_logs_time_idx").on(t.timestamp),
    index("error_logs_fingerprint_time_idx").on(t.fingerprint, t.timestamp),
  ],
);

/**
 * Errors grouped as an issue tracker groups them (ADR 020): one row per fingerprint with first and
 * last seen and a count; resolving it records who and when; a new occurrence of a resolved group
 * reopens it as regressed.
 */
export const errorGroups = sqliteTable(
  "error_groups",
  {
    id: uuidPk(),
    fingerprint: text("fingerprint").notNull().unique(),
    errorType: text("error_type").notNull(),
    component: text("component").notNull(),
    /** The normalised message the fingerprint is built from (numbers, ids and quoted values masked). */
    message: text("message").notNull(),
    severity: text("severity").notNull().default("medium"),
    firstSeen: timestamp("first_seen").notNull(),
    lastSeen: timestamp("last_seen").notNull(),
    occurrences: integer("occurrences").notNull().default(0),
    resolved: bool("resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** When a resolved group happened again; cleared when it is resolved again. */
    regressedAt: timestamp("regressed_at"),
  },
  (t) => [index("error_groups_open_seen_idx").on(t.resolved, t.lastSeen)],
);

/**
 * Hourly aggregates the dashboards read instead of raw rows (ADR 020). `bucket` is the start of the
 * hour (UTC); `metric` names what is counted (requests, page_views, sessions, errors …) and
 * `dimension` splits it (a page, a device class, a severity; "" for none). `total` sums a value
 * (milliseconds, seconds) where the metric has one; `histogram` counts values per fixed bucket so
 * percentiles can be estimated over any span of hours.
 */
export const analyticsRollups = sqliteTable(
  "analytics_rollups",
  {
    metric: text("metric").notNull(),
    bucket: timestamp("bucket").notNull(),
    dimension: text("dimension").notNull().default(""),
    count: integer("count").notNull().default(0),
    total: integer("total").notNull().default(0),
    histogram: json<number[]>("histogram"),
  },
  (t) => [primaryKey({ columns: [t.metric, t.bucket, t.dimension] })],
);

/** How far the scheduled housekeeping (rollups, retention) has got: one row per job. */
export const housekeepingState = sqliteTable("housekeeping_state", {
  job: text("job").primaryKey(),
  /** Rolled up to (exclusive) / pruned before: Unix ms. */
  cursor: timestamp("cursor").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export const userSessions = sqliteTable(
  "user_sessions",
  {
    id: uuidPk(),
    sessionId: text("session_id").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    startTime: createdAt("start_time"),
    endTime: timestamp("end_time"),
    duration: integer("duration"),
    pageViews: integer("page_views").notNull().default(0),
    actions: integer("actions").notNull().default(0),
    device: text("device"),
    browser: text("browser"),
    os: text("os"),
    country: text("country"),
    region: text("region"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    isActive: bool("is_active").notNull().default(true),
  },
  (t) => [
    index("user_sessions_start_user_idx").on(t.startTime, t.userId),
    index("user_sessions_user_idx").on(t.userId),
  ],
);
