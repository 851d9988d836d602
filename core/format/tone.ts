/**
 * How a status or an event reads, in one vocabulary from the server to the browser: the
 * dashboard's status rows and activity, the wallet's activity and every status badge speak it,
 * and app/components/ui/tone.ts turns it into colours in one place.
 *
 *  - ok: done, valid, healthy;
 *  - info: something happened that needs no action;
 *  - warn: worth a look (incomplete, expiring, refused once);
 *  - bad: failed, invalid, blocked;
 *  - neutral: a plain figure or a state with no judgement (expired share, revoked copy).
 */
const TONES = ["ok", "info", "warn", "bad", "neutral"] as const;

export type Tone = (typeof TONES)[number];
