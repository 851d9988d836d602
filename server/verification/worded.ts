/**
 * The words of the verifier API's refusals (issue 21, ADR 041): each is a catalog message, so the
 * verifier worker answers its `message` in the reader's language (WordedServiceError, worded by
 * requestLocale: the portal's language cookie, or an API caller's Accept-Language; English by
 * default). The codes never change. What only a verifier or an administrator reads is in English
 * and Welsh; what a citizen reads (their own decline of a request) in every language.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";

const declared = defineMessages({
  unauthorized: {
    id: "server.verification.errors.unauthorized",
    defaultMessage: "Unauthorized",
    description: "The caller is not signed in, or its API key is not valid",
  },
  verifiersOnly: {
    id: "server.verification.errors.verifiersOnly",
    defaultMessage: "Only verifiers and administrators can use the verifier API",
  },
  noOrganisation: {
    id: "server.verification.errors.noOrganisation",
    defaultMessage: "Your account is not linked to a verifier organisation",
  },
  adminsOnly: { id: "server.verification.errors.adminsOnly", defaultMessage: "Only administrators can do this" },
  organisationNotRegistered: {
    id: "server.verification.errors.organisationNotRegistered",
    defaultMessage: "Your organisation is not registered",
  },
  attributesNotInCheck: {
    id: "server.verification.errors.attributesNotInCheck",
    defaultMessage: "Attributes not part of a {check} check: {unknown}. Allowed: {allowed}",
    description:
      "{check} is the check's name in English (e.g. 'Right to Work'); {unknown} and {allowed} are lists of attribute ids, kept as they are",
  },
  notRegisteredForCheck: {
    id: "server.verification.errors.notRegisteredForCheck",
    defaultMessage: "{organisation} is not registered for {check} checks",
    description: "{organisation} is the verifier's name; {check} is the check's name in English (e.g. 'Right to Work')",
  },
  notAttested: {
    id: "server.verification.errors.notAttested",
    defaultMessage:
      "{organisation} has no current registration with the platform: an administrator must renew it before it can make requests",
  },
  noPurpose: {
    id: "server.verification.errors.noPurpose",
    defaultMessage: "Please specify the purpose for this verification",
  },
  requestNotOpen: {
    id: "server.verification.errors.requestNotOpen",
    defaultMessage: "This verification request is not open",
  },
  notCertified: {
    id: "server.verification.errors.notCertified",
    defaultMessage:
      "{organisation} has no current verifier certificate for x509_hash requests: an administrator must renew its registration once the platform has an X.509 root",
  },
  dcApiNeedsEncryption: {
    id: "server.verification.errors.dcApiNeedsEncryption",
    defaultMessage:
      "This request asked for answers in the clear (direct_post), so it cannot be answered through the browser: make a request with encrypted answers",
  },
  verifierNotAttested: {
    id: "server.verification.errors.verifierNotAttested",
    defaultMessage: "The platform's registration of this verifier is not current: ask the verifier for a new request",
  },
  liveFeedPeopleOnly: {
    id: "server.verification.errors.liveFeedPeopleOnly",
    defaultMessage:
      "The live feed is for people signed in to the portal: with an API key, read GET /api/presentations/requests/'{id}'",
    description: "'GET /api/presentations/requests/{id}' is an API address: keep it exactly as it is, quotes included",
  },
  requestNotFound: {
    id: "server.verification.errors.requestNotFound",
    defaultMessage: "Verification request not found",
  },
  notAPresentation: {
    id: "server.verification.errors.notAPresentation",
    defaultMessage: "This is not a credential presentation: {reason}",
    description: "{reason} is a technical detail in English",
  },
  organisationExists: {
    id: "server.verification.errors.organisationExists",
    defaultMessage: "An organisation with this name is already registered",
  },
  apiKeyNotFound: { id: "server.verification.errors.apiKeyNotFound", defaultMessage: "API key not found" },
  memberNotVerifier: {
    id: "server.verification.errors.memberNotVerifier",
    defaultMessage: "memberUsername must name a verifier account",
    description: "memberUsername is the field's name in the API: keep it as it is",
  },
  organisationNotFound: {
    id: "server.verification.errors.organisationNotFound",
    defaultMessage: "Organisation not found",
  },
  keysFromPortal: {
    id: "server.verification.errors.keysFromPortal",
    defaultMessage: "API keys are managed from the Verifier Portal",
  },
  confirmPeopleOnly: {
    id: "server.verification.errors.confirmPeopleOnly",
    defaultMessage: "Only a person can confirm they saw the holder",
  },
  verificationNotFound: {
    id: "server.verification.errors.verificationNotFound",
    defaultMessage: "Verification not found",
  },
  confirmValidOnly: {
    id: "server.verification.errors.confirmValidOnly",
    defaultMessage: "Only a valid verification can be confirmed",
  },
  alreadyConfirmed: {
    id: "server.verification.errors.alreadyConfirmed",
    defaultMessage: "The match has already been confirmed",
  },
});

/** The trust list's refusals (ADR 050): administrators read them, in English or Welsh. */
export const trustListErrors: { readonly [key: string]: MessageDescriptor } = defineMessages({
  certificateUnreadable: {
    id: "server.verification.trustList.certificateUnreadable",
    defaultMessage:
      "This is not a certificate the verifier can use: paste one X.509 certificate (PEM, or base64 DER), version 3, signed with ES256 or Ed25519, with a P-256 or Ed25519 key",
    description: "X.509, PEM, DER, ES256, Ed25519 and P-256 are technical names: keep them as they are",
  },
  certificateNotCa: {
    id: "server.verification.trustList.certificateNotCa",
    defaultMessage:
      "An IACA root must be a certificate authority (basic constraints CA, allowed to sign certificates): this certificate is not",
  },
  certificateExpired: {
    id: "server.verification.trustList.certificateExpired",
    defaultMessage: "This certificate has expired",
  },
  alreadyListed: {
    id: "server.verification.trustList.alreadyListed",
    defaultMessage:
      "This certificate is already on the trust list, proposed or active: retire that entry before proposing it again",
  },
  notFound: { id: "server.verification.trustList.notFound", defaultMessage: "Trust list entry not found" },
  ownProposal: {
    id: "server.verification.trustList.ownProposal",
    defaultMessage: "You proposed this entry: another administrator must approve it",
  },
  notProposed: {
    id: "server.verification.trustList.notProposed",
    defaultMessage: "This entry is no longer waiting for approval: another administrator has decided it",
  },
  proposalExpired: {
    id: "server.verification.trustList.proposalExpired",
    defaultMessage:
      "This proposal is more than 14 days old and can no longer be approved: reject it, and propose it again if it is still wanted",
  },
  notActive: {
    id: "server.verification.trustList.notActive",
    defaultMessage: "Only an active entry can be retired: this one is not active",
  },
});

/** What a receipt says where its record names nobody (ADR 041: its facts are in the receipt's language). */
export const receiptFallbacks = defineMessages({
  unknownOrganisation: {
    id: "server.verification.receipt.unknownOrganisation",
    defaultMessage: "Unknown organisation",
    description: "On a verification receipt, when the organisation that made the check is no longer known",
  },
  apiClient: {
    id: "server.verification.receipt.apiClient",
    defaultMessage: "API client",
    description: "On a verification receipt: who checked, when a program checked with the organisation's API key",
  },
  aVerifier: {
    id: "server.verification.receipt.aVerifier",
    defaultMessage: "A verifier",
    description: "On a verification receipt: who confirmed the match, when their account is no longer known",
  },
});

/** Widened so that WordedServiceError takes values (the catalog test checks each message's placeholders). */
export const verificationErrors: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;
/** The holder's decline (its words are the core's: the consent screen's page carries them too). */
export { declineErrors } from "#core/verification/holder-refusals.ts";
