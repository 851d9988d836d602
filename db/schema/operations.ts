// Spec 000 §3: the assisted-digital and Gabriel (AI orchestration) tables.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";

export const gabrielAgents = sqliteTable("gabriel_agents", {
  id: uuidPk(),
  name: text("name").notNull(),
  type: text("type").notNull(),
  status: text("status").notNull().default("active"),
  config: json<Record<string, unknown>>("config"),
  metrics: json<Record<string, unknown>>("metrics"),
  lastActivity: timestamp("last_activity"),
  createdAt: createdAt(),
});

/**
 * An agent's run ("analysis") or a case it raised for a person ("human_review", issue 11). A review
 * item's state is written through from the review queue's Durable Object, its single writer.
 */
export const gabrielTasks = sqliteTable(
  "gabriel_tasks",
  {
    id: uuidPk(),
    agentId: text("agent_id").references(() => gabrielAgents.id),
    type: text("type").notNull(),
    input: json<Record<string, unknown>>("input"),
    output: json<Record<string, unknown>>("output"),
    status: text("status").notNull().default("pending"),
    priority: text("priority").notNull().default("medium"),
    startedAt: timestamp("started_at"),
    completedAt: timestamp("completed_at"),
    createdAt: createdAt(),
    /** A review item's finding key: the same pattern seen again raises nothing new. */
    dedupeKey: text("dedupe_key"),
    /** The reviewer who claimed the item (one at a time). */
    assignedTo: text("assigned_to").references(() => users.id),
    decidedBy: text("decided_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("gabriel_tasks_dedupe_idx").on(t.dedupeKey),
    index("gabriel_tasks_type_status_idx").on(t.type, t.status, t.createdAt),
    index("gabriel_tasks_agent_idx").on(t.agentId, t.createdAt),
  ],
);

/** Every agent action, task, decision, assignment and control action (issue 11): who, when, what, why, result. */
export const gabrielAuditLog = sqliteTable(
  "gabriel_audit_log",
  {
    id: uuidPk(),
    agentId: text("agent_id").references(() => gabrielAgents.id),
    taskId: text("task_id").references(() => gabrielTasks.id),
    action: text("action").notNull(),
    details: json<Record<string, unknown>>("details"),
    result: text("result"),
    timestamp: createdAt("timestamp"),
    userId: text("user_id").references(() => users.id),
  },
  (t) => [index("gabriel_audit_time_idx").on(t.timestamp), index("gabriel_audit_task_idx").on(t.taskId)],
);

/** A council office or library where operators run assisted sessions (issue 10). */
export const assistedOffices = sqliteTable("assisted_offices", {
  id: uuidPk(),
  name: text("name").notNull().unique(),
  address: text("address").notNull(),
  createdAt: createdAt(),
});

/**
 * An operator's standing at their office: the console's operator card and who may approve. An
 * administrator needs no row: they may see and approve everywhere.
 */
export const operatorProfiles = sqliteTable("operator_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  officeId: text("office_id")
    .notNull()
    .references(() => assistedOffices.id),
  title: text("title").notNull(),
  authorisationLevel: integer("authorisation_level").notNull().default(1),
  supervisor: bool("supervisor").notNull().default(false),
});

/** The office's emergency contacts, shown on the console in this order. */
export const officeContacts = sqliteTable(
  "office_contacts",
  {
    officeId: text("office_id")
      .notNull()
      .references(() => assistedOffices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    phone: text("phone").notNull(),
    hours: text("hours").notNull(),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.position] })],
);

export const assistedSessions = sqliteTable(
  "assisted_sessions",
  {
    id: uuidPk(),
    clientName: text("client_name").notNull(),
    operatorId: text("operator_id")
      .notNull()
      .references(() => users.id),
    supervisorId: text("supervisor_id").references(() => users.id),
    /** The office the session belongs to: its operators and supervisors see it. */
    officeId: text("office_id").references(() => assistedOffices.id),
    assistanceType: text("assistance_type").notNull(),
    status: text("status").notNull().default("active"),
    currentStep: integer("current_step").notNull().default(1),
    totalSteps: integer("total_steps").notNull().default(5),
    requiresDualControl: bool("requires_dual_control").notNull().default(false),
    sessionData: json<Record<string, unknown>>("session_data"),
    startedAt: createdAt("started_at"),
    completedAt: timestamp("completed_at"),
  },
  (t) => [index("assisted_sessions_office_idx").on(t.officeId, t.startedAt)],
);

/**
 * An office's queue (spec 000 §2 "Session queue"): walk-ins waiting, appointments scheduled for a
 * time, and appointments whose client has arrived (ready). Starting a session takes the entry off
 * the queue and names the session it became.
 */
export const assistedQueue = sqliteTable(
  "assisted_queue",
  {
    id: uuidPk(),
    officeId: text("office_id")
      .notNull()
      .references(() => assistedOffices.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    /** waiting (a walk-in), scheduled (an appointment), ready (arrived for it), started. */
    status: text("status").notNull(),
    appointmentTime: timestamp("appointment_time"),
    assistanceType: text("assistance_type").notNull().default("Digital Identity Setup"),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    sessionId: text("session_id").references(() => assistedSessions.id),
    createdAt: createdAt(),
    startedAt: timestamp("started_at"),
  },
  (t) => [index("assisted_queue_office_idx").on(t.officeId, t.status)],
);
