/**
 * What a profile is made of (spec 000 §3 "Profile section"): its six sections and the items a
 * person fills in themselves, each with the form fields it needs. Pure data, so the /profile page
 * in the browser, the server's forms and the activity log all read the same table.
 */
import { defineMessages } from "@formatjs/intl";

const SECTION_IDS = ["basic", "address", "identity", "emergency", "security", "privacy"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The sections the user fills in on /profile; the other two are completed elsewhere. */
export const EDITABLE_SECTIONS = ["basic", "address", "emergency", "privacy"] as const;
export type EditableSection = (typeof EDITABLE_SECTIONS)[number];

/** The sections' titles as a person reads them. */
export const SECTION_TITLE_MESSAGES = defineMessages({
  basic: { id: "profile.section.basic", defaultMessage: "Basic Information" },
  address: { id: "profile.section.address", defaultMessage: "Address Information" },
  identity: { id: "profile.section.identity", defaultMessage: "Identity Verification" },
  emergency: { id: "profile.section.emergency", defaultMessage: "Emergency Contacts" },
  security: { id: "profile.section.security", defaultMessage: "Security Settings" },
  privacy: { id: "profile.section.privacy", defaultMessage: "Privacy Preferences" },
});

/**
 * The items the user fills in themselves, in the order the page shows them. Complete beside a
 * missing item opens a form with just its fields and saves just them; Edit opens the whole
 * section (every field of its items).
 */
export const PROFILE_ITEMS = {
  fullName: { section: "basic", label: "Full name", fields: ["firstName", "lastName"] },
  email: { section: "basic", label: "Email address", fields: ["email"] },
  phone: { section: "basic", label: "Phone number", fields: ["phone"] },
  dateOfBirth: { section: "basic", label: "Date of birth", fields: ["dateOfBirth"] },
  address: { section: "address", label: "Address", fields: ["addressLine1", "addressLine2"] },
  town: { section: "address", label: "Town or city", fields: ["town"] },
  postcode: { section: "address", label: "Postcode", fields: ["postcode"] },
  emergencyContactName: { section: "emergency", label: "Contact name", fields: ["emergencyContactName"] },
  emergencyContactPhone: { section: "emergency", label: "Contact phone", fields: ["emergencyContactPhone"] },
  emergencyContactRelationship: {
    section: "emergency",
    label: "Relationship",
    fields: ["emergencyContactRelationship"],
  },
  shareAnalytics: { section: "privacy", label: "Usage analytics", fields: ["shareAnalytics"] },
  notifyOnVerification: { section: "privacy", label: "Verification notifications", fields: ["notifyOnVerification"] },
} as const satisfies Record<string, { section: EditableSection; label: string; fields: readonly string[] }>;
export type ProfileItemKey = keyof typeof PROFILE_ITEMS;

/** The items' names as a person reads them (the English is PROFILE_ITEMS' labels). */
export const ITEM_LABEL_MESSAGES = defineMessages({
  fullName: { id: "profile.item.fullName", defaultMessage: "Full name" },
  email: { id: "profile.item.email", defaultMessage: "Email address" },
  phone: { id: "profile.item.phone", defaultMessage: "Phone number" },
  dateOfBirth: { id: "profile.item.dateOfBirth", defaultMessage: "Date of birth" },
  address: { id: "profile.item.address", defaultMessage: "Address" },
  town: { id: "profile.item.town", defaultMessage: "Town or city" },
  postcode: { id: "profile.item.postcode", defaultMessage: "Postcode" },
  emergencyContactName: { id: "profile.item.emergencyContactName", defaultMessage: "Contact name" },
  emergencyContactPhone: { id: "profile.item.emergencyContactPhone", defaultMessage: "Contact phone" },
  emergencyContactRelationship: { id: "profile.item.emergencyContactRelationship", defaultMessage: "Relationship" },
  shareAnalytics: { id: "profile.item.shareAnalytics", defaultMessage: "Usage analytics" },
  notifyOnVerification: { id: "profile.item.notifyOnVerification", defaultMessage: "Verification notifications" },
});

/** The item `key` names, when it is one of `section`'s (a query or form value, so checked). */
export function profileItemOf(section: EditableSection, key: unknown): ProfileItemKey | null {
  if (typeof key !== "string" || !Object.hasOwn(PROFILE_ITEMS, key)) return null;
  return PROFILE_ITEMS[key as ProfileItemKey].section === section ? (key as ProfileItemKey) : null;
}

/** Every form field of a section, in the items' order: what Edit shows and saves. */
export function sectionFields(section: EditableSection): string[] {
  return Object.values(PROFILE_ITEMS).flatMap((item) => (item.section === section ? item.fields : []));
}

/** The kind of the person's activity-log entry (wallet_events) a profile save writes. */
export const PROFILE_UPDATED = "profile_updated";
