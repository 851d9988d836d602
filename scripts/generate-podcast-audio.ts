// Narrates each pitch podcast episode (app/components/pitch/podcast-episodes.ts) into
// public/podcasts/episode-N.ogg (Opus) and episode-N.mp3, and prints each file's real length, so
// the durations the site shows (spec 001 §9: 7 episodes, 30+ minutes) are the files' own.
//
//   npx node scripts/generate-podcast-audio.ts           regenerate every file, then measure
//   npx node scripts/generate-podcast-audio.ts --check   only measure the files already there
//   npx node scripts/generate-podcast-audio.ts --spoken  print the text as it will be spoken
//
// Needs Debian's espeak-ng (British English voice), opus-tools, lame and sox (soxi):
//   apt-get install -y espeak-ng opus-tools lame sox
// Exits non-zero when a file is missing, is more than 15 s away from its displayed duration, or is
// larger than 1 MB (the files are served as static assets).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { durationSeconds, PODCAST_EPISODES, type PodcastEpisode } from "#app/components/pitch/podcast-episodes.ts";
import { PODCAST_TRANSCRIPTS } from "#app/components/pitch/podcast-transcripts.server.ts";

const transcriptOf = (episode: PodcastEpisode) => PODCAST_TRANSCRIPTS[episode.id] ?? "";

const OUT_DIR = "public/podcasts";
const VOICE = "en-gb";
const WORDS_PER_MINUTE = "160";
const OPUS_KBPS = "16";
// Constant bitrate, so a browser can tell the MP3's length from its size alone; 16 kHz mono is
// plenty for a synthetic voice and keeps a 5-minute episode under 1 MB.
const MP3_KBPS = "24";
const MP3_RESAMPLE_KHZ = "16";
const TOLERANCE_SECONDS = 15;
const MAX_BYTES = 1024 * 1024;

/**
 * The transcript is written for readers ("£1.4M+", "3-5 trusts"); espeak-ng would say "pound one
 * point four M plus". These rewrites give the same words a listener expects to hear.
 */
const SPOKEN: [RegExp, string | ((...groups: string[]) => string)][] = [
  [
    /£(\d+(?:[.,]\d+)*)(k|m|M|bn|B)?(?:\s*-\s*£?(\d+(?:[.,]\d+)*)(k|m|M|bn|B)?)?(\+)?/g,
    (_m, a, ua, b, ub, plus) => money(a, ua, b, ub, plus),
  ],
  [/(\d)(%?)\+/g, "$1$2 or more"],
  [/(\d)m\b/g, "$1 million"],
  [/(\d)\s*-\s*(\d)/g, "$1 to $2"],
  [/(\d+)-language/g, "$1 language"],
  [/\bEd25519\b/g, "Ed two five five one nine"],
  [/\bStatusList2021\b/g, "Status List twenty twenty-one"],
  [/\bDIATF\b/g, "D I A T F"],
  [/\bDPIA\b/g, "D P I A"],
  [/\bGPG(\d+)/g, "G P G $1"],
];

const UNITS: Record<string, string> = { k: "thousand", m: "million", M: "million", bn: "billion", B: "billion" };

function money(a: string, unitA?: string, b?: string, unitB?: string, plus?: string): string {
  const more = plus ? " or more" : "";
  // Pence-level fees ("£0.50", "£1.20") are said as pounds and pence.
  if (!unitA && !unitB && /\.\d\d$/.test(a)) return b ? `${coins(a)} to ${coins(b)}${more}` : `${coins(a)}${more}`;
  const unit = UNITS[unitB ?? unitA ?? ""];
  const scale = unit ? ` ${unit}` : "";
  return b ? `${a} to ${b}${scale} pounds${more}` : `${a}${scale} pounds${more}`;
}

function coins(amount: string): string {
  const [pounds, pence] = amount.split(".").map(Number);
  if (pounds === 0) return `${pence} pence`;
  const p = pounds === 1 ? "pound" : "pounds";
  return pence === 0 ? `${pounds} ${p}` : `${pounds} ${p} ${pence}`;
}

function spokenText(transcript: string): string {
  return SPOKEN.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement as never), transcript);
}

/** opusinfo prints "Playback length: 4m:59.62s". */
function opusSeconds(file: string): number {
  const info = execFileSync("opusinfo", [file], { encoding: "utf8" });
  const match = /Playback length:\s*(?:(\d+)h:)?(\d+)m:([\d.]+)s/.exec(info);
  if (!match) throw new Error(`opusinfo gave no playback length for ${file}`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The MP3 decoded back to WAV and measured, rather than trusting its header. */
function mp3Seconds(file: string, workDir: string): number {
  const wav = join(workDir, "measure.wav");
  execFileSync("lame", ["--quiet", "--decode", file, wav]);
  return Number(execFileSync("soxi", ["-D", wav], { encoding: "utf8" }).trim());
}

function narrate(episode: PodcastEpisode, workDir: string): void {
  const textFile = join(workDir, `${episode.id}.txt`);
  const wavFile = join(workDir, `${episode.id}.wav`);
  // Exactly the transcript the page shows, nothing added: the transcript is the accessible equivalent.
  writeFileSync(textFile, `${spokenText(transcriptOf(episode))}\n`);
  execFileSync("espeak-ng", ["-v", VOICE, "-s", WORDS_PER_MINUTE, "-w", wavFile, "-f", textFile]);
  execFileSync("opusenc", [
    "--quiet",
    "--speech",
    "--bitrate",
    OPUS_KBPS,
    "--downmix-mono",
    // A fixed serial number: the same transcript gives the same file, so diffs show real changes.
    "--serial",
    String(episode.number),
    "--title",
    episode.title,
    "--artist",
    "UK Digital Identity",
    "--album",
    "UK Digital Identity podcast",
    "--tracknumber",
    String(episode.number),
    wavFile,
    join(OUT_DIR, episode.audioPath),
  ]);
  execFileSync("lame", [
    "--quiet",
    "-m",
    "m",
    "--resample",
    MP3_RESAMPLE_KHZ,
    "-b",
    MP3_KBPS,
    "--tt",
    episode.title,
    "--ta",
    "UK Digital Identity",
    "--tl",
    "UK Digital Identity podcast",
    "--tn",
    String(episode.number),
    wavFile,
    join(OUT_DIR, episode.mp3Path),
  ]);
}

function format(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function main(): void {
  if (process.argv.includes("--spoken")) {
    for (const episode of PODCAST_EPISODES)
      console.log(`# ${episode.audioPath}\n${spokenText(transcriptOf(episode))}\n`);
    return;
  }
  const checkOnly = process.argv.includes("--check");
  mkdirSync(OUT_DIR, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), "podcast-audio-"));
  let failures = 0;
  let total = 0;
  try {
    for (const episode of PODCAST_EPISODES) {
      if (!checkOnly) narrate(episode, workDir);
      const words = transcriptOf(episode).split(/\s+/).length;
      const files: [string, number][] = [
        [join(OUT_DIR, episode.audioPath), opusSeconds(join(OUT_DIR, episode.audioPath))],
        [join(OUT_DIR, episode.mp3Path), mp3Seconds(join(OUT_DIR, episode.mp3Path), workDir)],
      ];
      for (const [file, seconds] of files) {
        const bytes = statSync(file).size;
        const drift = seconds - durationSeconds(episode.duration);
        const problems = [
          Math.abs(drift) > TOLERANCE_SECONDS
            ? `${drift > 0 ? "+" : ""}${drift.toFixed(1)} s from the displayed ${episode.duration}`
            : "",
          bytes > MAX_BYTES ? "larger than 1 MB" : "",
        ].filter(Boolean);
        failures += problems.length ? 1 : 0;
        console.log(
          `${file}: ${format(seconds)} (${seconds.toFixed(1)} s; displayed ${episode.duration}; ${words} words; ${(bytes / 1024).toFixed(0)} KB)` +
            (problems.length ? `  <-- ${problems.join(", ")}` : ""),
        );
      }
      total += files[0][1];
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  console.log(`total: ${format(total)} over ${PODCAST_EPISODES.length} episodes`);
  if (failures) {
    console.error(
      `${failures} file(s) out of tolerance: lengthen or shorten the transcript, or correct its displayed duration.`,
    );
    process.exit(1);
  }
}

main();
