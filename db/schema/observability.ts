// Spec 000 §3: analytics_events, system_logs, performance_metrics, error_logs, user_sessions.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";

export const analyticsEvents = sqliteTable("analytics_events", {
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
});

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
  (t) => [index("system_logs_category_time_idx").on(t.category, t.timestamp)],
);

export const performanceMetrics = sqliteTable("performance_metrics", {
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
});

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
    timestamp: createdAt("timestamp"),
  },
  (t) => [index("error_logs_time_idx").on(t.timestamp)],
);

export const userSessions = sqliteTable("user_sessions", {
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
});
