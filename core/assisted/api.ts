/**
 * The assisted-digital API's shapes (spec 000 §7; docs/decisions/026): each declared once, as the
 * zod schema the server validates with, and typed from it everywhere else. The operator console
 * posts with these types, the web worker parses with these schemas, and the session's object takes
 * its commands in terms of them (server/assisted/session-state.ts), so a field added here reaches
 * every side or fails to compile.
 */
import * as z from "zod";
import { RegisterSchema } from "#core/accounts/schemas.ts";
import { isoDateTime } from "#core/validation/wording.ts";
import { type AssistedSession, DOCUMENT_TYPES } from "./session.ts";

/** A person as the server names them (displayName: up to 100 + 1 + 100 characters, or a username). */
export const PersonInput = z.object({ id: z.uuid(), name: z.string().trim().min(1).max(250) });
export type Person = z.output<typeof PersonInput>;

export const SESSION_STATUSES = ["active", "paused", "completed"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * What a session is about, as New Assisted Session (or starting one from the queue) sets it; the
 * defaults are spec 000 §4's. Everything here is kept on the session as it is given.
 */
export const SessionDetails = z.object({
  clientName: z.string().trim().min(1, "Client name is required").max(120).default("New Client"),
  assistanceType: z.string().trim().min(1, "Assistance type is required").max(120).default("Digital Identity Setup"),
});
export type SessionDetails = z.output<typeof SessionDetails>;

/** Spec 000 §7: the body New Assisted Session sends. A session always starts at the start (spec §4). */
export const CreateSessionBody = SessionDetails.extend({
  status: z.literal("active", { error: "A new session starts active" }).optional(),
  currentStep: z.literal(1, { error: "A new session starts at step 1" }).optional(),
  totalSteps: z.literal(5, { error: "A session has 5 steps" }).optional(),
  requiresDualControl: z.literal(false, { error: "Dual control is asked for at the step that needs it" }).optional(),
  /** Administrators without an office of their own name one. */
  officeId: z.guid().optional(),
});
export type CreateSessionRequest = z.input<typeof CreateSessionBody>;

/**
 * Spec 000 §2 "Session queue": a walk-in, or an appointment at a time. Starting a session from the
 * entry makes its name and assistance type the session's details, so they follow the session's rules.
 */
export const AddToQueueBody = SessionDetails.extend({
  clientName: z.string().trim().min(1, "Enter the client's name").max(120),
  /** An appointment's time; none for a walk-in. */
  appointmentTime: isoDateTime({ offset: true, error: "The appointment time must be a date and time" }).optional(),
  officeId: CreateSessionBody.shape.officeId,
});
export type QueueAddRequest = z.input<typeof AddToQueueBody>;

/** The client arrived for their appointment, or left without being seen. */
export const QueueChangeBody = z.object({ status: z.enum(["ready", "removed"]) }).strict();
export type QueueChange = z.input<typeof QueueChangeBody>;

/** Call Supervisor: about a session, if the operator has one open; administrators name the office. */
export const CallSupervisorBody = z.object({
  sessionId: z.guid().optional(),
  officeId: CreateSessionBody.shape.officeId,
});
export type SupervisorCallRequest = z.input<typeof CallSupervisorBody>;

/** Spec 000 §7: `currentStep`, or `status`, or `status` plus `completedAt` (the server's clock is the record's). */
export const PatchSessionBody = z.union([
  z.object({ currentStep: z.number().int().min(1) }).strict(),
  z.object({ status: z.enum(SESSION_STATUSES), completedAt: isoDateTime({ offset: true }).optional() }).strict(),
]);
export type SessionPatch = z.input<typeof PatchSessionBody>;

/** A captured image of the document, as the browser's camera gives it: a JPEG or PNG data URL. */
const MAX_IMAGE_CHARS = 700_000;
const DocumentImage = z
  .string()
  .max(MAX_IMAGE_CHARS, "The image is too large: at most about 500 KB")
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+=*$/, "The image must be a JPEG or PNG data URL");

export const DocumentInput = z.object({
  type: z.enum(Object.keys(DOCUMENT_TYPES) as [keyof typeof DOCUMENT_TYPES, ...(keyof typeof DOCUMENT_TYPES)[]]),
  number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,20}$/, "The document number is 6 to 20 letters and digits"),
  expiryDate: z.iso.date("The expiry date must be a date (YYYY-MM-DD)"),
  image: DocumentImage.optional(),
  /** Filled by the server (the authorities' records naming this document), never by the console. */
  authorityRecordIds: z.array(z.uuid()).max(20).default([]),
  /**
   * Filled by the server: a keyed digest of the type and number (HMAC-SHA-256 under the web
   * worker's secret), so each read of the records the document names is audited by it and never
   * by the number (issue 20).
   */
  numberDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** The document as the console sends it: the server, not the console, says which records it names. */
const ConsoleDocument = DocumentInput.omit({ authorityRecordIds: true, numberDigest: true });

/**
 * Where step 4's credentials go: "wallet", our web wallet (the client adds them on their own
 * device); "paper", printed paper QRs; "app", the client's own wallet app, which scans an offer
 * at the counter (OpenID4VCI; ADR 045).
 */
export const ISSUANCE_DELIVERIES = ["wallet", "paper", "app"] as const;
export type IssuanceDelivery = (typeof ISSUANCE_DELIVERIES)[number];

/** The citizen's account a session serves, found or made at the counter. */
export const ClientLinkInput = z.object({
  userId: z.uuid(),
  username: z.string().min(1).max(50),
  name: z.string().trim().min(1).max(250),
  /** The account was made at the counter during this session. */
  createdHere: z.boolean(),
});
export type ClientLink = z.output<typeof ClientLinkInput>;

/** The work of a step, as the console sends it to POST /api/assisted/sessions/{id}/actions. */
export const SessionActionBody = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("find-client"),
    account: z.string().trim().min(1, "Enter the client's username or email").max(254),
  }),
  z.object({
    type: z.literal("create-client"),
    // Registration's rules, with the names required: the account is made for a person in front of us.
    account: RegisterSchema.extend({
      firstName: z.string().trim().min(1, "Enter the client's first name").max(100),
      lastName: z.string().trim().min(1, "Enter the client's last name").max(100),
    }),
  }),
  z.object({ type: z.literal("document"), document: ConsoleDocument }),
  z.object({ type: z.literal("request-approval") }),
  z.object({
    type: z.literal("decide-approval"),
    approvalId: z.guid(),
    decision: z.enum(["approved", "denied"]),
    reason: z.string().max(500),
  }),
  z.object({ type: z.literal("visual-match"), matched: z.boolean(), notes: z.string().max(500).default("") }),
  z.object({
    type: z.literal("issue"),
    credentialTypes: z.array(z.string().max(40)).min(1, "Choose at least one credential").max(10),
    delivery: z.enum(ISSUANCE_DELIVERIES),
    confirmed: z.literal(true, { error: "Confirm that the authority's record matches the client" }),
  }),
]);
export type SessionAction = z.input<typeof SessionActionBody>;

/**
 * An offer made at the counter for the client's own wallet app (delivery "app"): its link (the QR
 * code) and transaction code are secrets, so they are in the answer to the operator who asked and
 * nowhere else: never in the session, its stored record, its live feed or any log.
 */
export interface CounterOffer {
  type: string;
  link: string;
  txCode: string;
  expiresAt: string;
  /** How long it works from the answer: the console counts down on its own clock. */
  expiresInSeconds: number;
}

/** What POST /actions answers: the session, and for an issue to the client's wallet app its offers. */
export type ActionAnswer = AssistedSession & { offers?: CounterOffer[] };
