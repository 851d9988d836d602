/**
 * The pitch podcast (spec 001 §2 "Podcasts", §3 "Podcast item", §9 "7 episodes, 30+ minutes
 * total"). Each transcript is the full spoken text: scripts/generate-podcast-audio.ts narrates it
 * into public/podcasts/<audioPath> and checks that the real length matches `duration` (±15 s), so
 * the durations shown are honest. Every figure quoted is one of spec 001 §1/§9's marketing figures.
 *
 * Imported by the home page (first three episodes) and /podcasts. The transcripts live in
 * podcast-transcripts.server.ts, so they reach the page as loader data and never the JavaScript
 * bundle. Keep this module's runtime imports to plain packages: the generator runs it under plain Node.
 *
 * Languages (issue 21): the recordings, their titles and their transcripts are English (the title
 * is the recording's own, in its metadata), so pages mark them `lang="en"`; each episode's
 * description and topics are the page's words, messages translated like any other.
 */
import { defineMessage, type MessageDescriptor } from "@formatjs/intl";
import type { IconName } from "#app/components/ui/icons.tsx";

export interface PodcastEpisode {
  id: string;
  /** Episode number, 1-7, as listeners refer to it. */
  number: number;
  /** The recording's title (English, as the audio file's metadata gives it). */
  title: string;
  /** Displayed length, m:ss; the narrated file's real length is within 15 seconds of it. */
  duration: string;
  topics: MessageDescriptor[];
  /** Ogg Opus file name under the audio base URL (see podcastAudioUrl). */
  audioPath: string;
  /**
   * The same narration as MP3 (see podcastAudioSources): every browser plays it, including older
   * iPhones that cannot play Ogg Opus, and browsers know its length without byte-range requests.
   */
  mp3Path: string;
  description: MessageDescriptor;
  icon: IconName;
}

export const PODCAST_EPISODES: PodcastEpisode[] = [
  {
    id: "identity-problem",
    number: 1,
    title: "The Identity Problem: Why the UK Needs a Better Way",
    duration: "5:00",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.rightToWork", defaultMessage: "Right-to-Work" }),
      defineMessage({ id: "pitch.podcasts.topic.rightToRent", defaultMessage: "Right-to-Rent" }),
      defineMessage({ id: "pitch.podcasts.topic.dbsChecks", defaultMessage: "DBS Checks" }),
      defineMessage({ id: "pitch.podcasts.topic.digitalExclusion", defaultMessage: "Digital exclusion" }),
    ],
    audioPath: "episode-1.ogg",
    mp3Path: "episode-1.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.identityProblem.description",
      defaultMessage:
        "Why proving who you are is still slow, paper-based and risky for workers, tenants, employers and landlords, and what a privacy-first alternative could look like.",
    }),
    icon: "alert",
  },
  {
    id: "selective-disclosure",
    number: 2,
    title: "Selective Disclosure: Proving Only What Matters",
    duration: "4:00",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.selectiveDisclosure", defaultMessage: "Selective disclosure" }),
      defineMessage({ id: "pitch.podcasts.topic.verifiableCredentials", defaultMessage: "Verifiable credentials" }),
      defineMessage({ id: "pitch.podcasts.topic.noCentralTracking", defaultMessage: "No central tracking" }),
      defineMessage({ id: "pitch.podcasts.topic.dataMinimisation", defaultMessage: "Data minimisation" }),
    ],
    audioPath: "episode-2.ogg",
    mp3Path: "episode-2.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.selectiveDisclosure.description",
      defaultMessage:
        "How verifiable credentials let a person prove a single fact, such as the right to work, without handing over a passport, and why there is no central record of where credentials are used.",
    }),
    icon: "shield",
  },
  {
    id: "assisted-digital",
    number: 3,
    title: "Nobody Left Behind: Assisted Digital and Inclusion",
    duration: "4:00",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.assistedDigital", defaultMessage: "Assisted digital" }),
      defineMessage({ id: "pitch.podcasts.topic.kiosks", defaultMessage: "Kiosks" }),
      defineMessage({ id: "pitch.podcasts.topic.accessibility", defaultMessage: "Accessibility" }),
      defineMessage({ id: "pitch.podcasts.topic.multilingual", defaultMessage: "Multilingual" }),
    ],
    audioPath: "episode-3.ogg",
    mp3Path: "episode-3.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.assistedDigital.description",
      defaultMessage:
        "Assisted-digital kiosks in councils and libraries, offline QR codes, multilingual interfaces and WCAG 2.2 AA accessibility: how the platform serves people who are not online.",
    }),
    icon: "users",
  },
  {
    id: "gabriel-human-oversight",
    number: 4,
    title: "Gabriel: AI with a Human in the Loop",
    duration: "4:25",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.gabrielAi", defaultMessage: "Gabriel AI" }),
      defineMessage({ id: "pitch.podcasts.topic.humanOversight", defaultMessage: "Human oversight" }),
      defineMessage({ id: "pitch.podcasts.topic.documentChecks", defaultMessage: "Document checks" }),
      defineMessage({ id: "pitch.podcasts.topic.ethics", defaultMessage: "Ethics" }),
    ],
    audioPath: "episode-4.ogg",
    mp3Path: "episode-4.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.gabriel.description",
      defaultMessage:
        "What the Gabriel AI orchestration layer does, from document checks to routing routine requests, and why human reviewers make every adverse decision.",
    }),
    icon: "bot",
  },
  {
    id: "four-pilots",
    number: 5,
    title: "From Pilot to Proof: Four Pilots in Six Months",
    duration: "4:40",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.nhsPilot", defaultMessage: "NHS pilot" }),
      defineMessage({ id: "pitch.podcasts.topic.housingPilot", defaultMessage: "Housing pilot" }),
      defineMessage({ id: "pitch.podcasts.topic.educationPilot", defaultMessage: "Education pilot" }),
      defineMessage({ id: "pitch.podcasts.topic.localAuthorityPilot", defaultMessage: "Local authority pilot" }),
    ],
    audioPath: "episode-5.ogg",
    mp3Path: "episode-5.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.fourPilots.description",
      defaultMessage:
        "The four pilots, NHS right-to-work, housing right-to-rent, education DBS and a local authority multi-service pilot, and what each is designed to prove.",
    }),
    icon: "chart",
  },
  {
    id: "business-model",
    number: 6,
    title: "Who Pays? The Business Model",
    duration: "4:10",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.businessModel", defaultMessage: "Business model" }),
      defineMessage({ id: "pitch.podcasts.topic.verificationFees", defaultMessage: "Verification fees" }),
      defineMessage({ id: "pitch.podcasts.topic.costs", defaultMessage: "Costs" }),
      defineMessage({ id: "pitch.podcasts.topic.revenue", defaultMessage: "Revenue" }),
    ],
    audioPath: "episode-6.ogg",
    mp3Path: "episode-6.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.businessModel.description",
      defaultMessage:
        "Employers and landlords pay per verification; workers, tenants, students and citizens never pay. Build costs, operating costs and the revenue model explained.",
    }),
    icon: "wallet",
  },
  {
    id: "governance-accountability",
    number: 7,
    title: "Trust by Design: Governance and Accountability",
    duration: "4:25",
    topics: [
      defineMessage({ id: "pitch.podcasts.topic.governance", defaultMessage: "Governance" }),
      defineMessage({ id: "pitch.podcasts.topic.ethicsPanel", defaultMessage: "Ethics panel" }),
      defineMessage({ id: "pitch.podcasts.topic.transparencyReports", defaultMessage: "Transparency reports" }),
      defineMessage({ id: "pitch.podcasts.topic.accountability", defaultMessage: "Accountability" }),
    ],
    audioPath: "episode-7.ogg",
    mp3Path: "episode-7.mp3",
    description: defineMessage({
      id: "pitch.podcasts.episode.governance.description",
      defaultMessage:
        "The principles, DPIA safeguards, independent ethics panel, transparency reports and incident commitments that hold the platform to account.",
    }),
    icon: "badge",
  },
];

/** Where the audio files live unless the deployment says otherwise: this site's public/podcasts. */
const DEFAULT_PODCAST_AUDIO_BASE_URL = "/podcasts/";

/**
 * The address of an episode's audio file. Spec 001 §2 "Audio is loaded from external audio file
 * addresses" (audio addresses configurable): the base URL is the env var PODCAST_AUDIO_BASE_URL
 * when the deployment sets it, e.g. a CDN or R2 bucket `https://audio.example.gov.uk/podcasts/`,
 * and /podcasts/ (this site's own public/podcasts) otherwise.
 *
 * Workers bindings only reach loaders, never this module: a route's loader reads
 * `context.env.PODCAST_AUDIO_BASE_URL` (set with `wrangler.toml [vars]` or `--var`) and passes it
 * here as `baseUrl`. An external host must also be allowed by the CSP's media-src
 * (server/http/security.ts), which allows only 'self' today.
 */
function podcastAudioUrl(episode: Pick<PodcastEpisode, "audioPath">, baseUrl?: string | null): string {
  const base = baseUrl && baseUrl.trim() !== "" ? baseUrl.trim() : DEFAULT_PODCAST_AUDIO_BASE_URL;
  return `${base.replace(/\/+$/, "")}/${episode.audioPath.replace(/^\/+/, "")}`;
}

/**
 * Every file of an episode, in the order a player should try them (for <source> elements): MP3
 * first, because it plays everywhere and its length shows without byte-range support (the local
 * asset server answers Range requests with the whole file, and Chromium then shows no length for
 * Ogg); Ogg Opus second.
 */
export function podcastAudioSources(
  episode: Pick<PodcastEpisode, "audioPath" | "mp3Path">,
  baseUrl?: string | null,
): { src: string; type: string }[] {
  return [
    { src: podcastAudioUrl({ audioPath: episode.mp3Path }, baseUrl), type: "audio/mpeg" },
    { src: podcastAudioUrl(episode, baseUrl), type: "audio/ogg; codecs=opus" },
  ];
}

/** "5:00" → 300; for totals and for the generator's length check. */
export function durationSeconds(duration: string): number {
  const [minutes, seconds] = duration.split(":").map(Number);
  return minutes * 60 + seconds;
}
