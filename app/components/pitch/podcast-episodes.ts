/**
 * The pitch podcast (spec 001 §2 "Podcasts", §3 "Podcast item", §9 "7 episodes, 30+ minutes
 * total"). Each transcript is the full spoken text: scripts/generate-podcast-audio.ts narrates it
 * into public/podcasts/<audioPath> and checks that the real length matches `duration` (±15 s), so
 * the durations shown are honest. Every figure quoted is one of spec 001 §1/§9's marketing figures.
 *
 * Imported by the home page (first three episodes) and /podcasts. Keep this module free of runtime
 * imports: the generator runs it under plain Node.
 */
import type { IconName } from "~/components/icons";

export interface PodcastEpisode {
  id: string;
  /** Episode number, 1-7, as listeners refer to it. */
  number: number;
  title: string;
  /** Displayed length, m:ss; the narrated file's real length is within 15 seconds of it. */
  duration: string;
  topics: string[];
  /** Ogg Opus file name under the audio base URL (see podcastAudioUrl). */
  audioPath: string;
  /**
   * The same narration as MP3 (see podcastAudioSources): every browser plays it, including older
   * iPhones that cannot play Ogg Opus, and browsers know its length without byte-range requests.
   */
  mp3Path: string;
  description: string;
  icon: IconName;
  /** The full narration, paragraphs separated by blank lines. */
  transcript: string;
}

const paragraphs = (...text: string[]) => text.join("\n\n");

export const PODCAST_EPISODES: PodcastEpisode[] = [
  {
    id: "identity-problem",
    number: 1,
    title: "The Identity Problem: Why the UK Needs a Better Way",
    duration: "5:00",
    topics: ["Right-to-Work", "Right-to-Rent", "DBS Checks", "Digital exclusion"],
    audioPath: "episode-1.ogg",
    mp3Path: "episode-1.mp3",
    description:
      "Why proving who you are is still slow, paper-based and risky for workers, tenants, employers and landlords, and what a privacy-first alternative could look like.",
    icon: "alert",
    transcript: paragraphs(
      "Welcome to the UK Digital Identity podcast. Over seven short episodes, we walk through a proposal for a privacy-first digital identity platform for the United Kingdom. It covers three of the checks that people meet most often in working and everyday life: the right to work, the right to rent, and DBS checks. This first episode is about the problem. Why does the country need a better way for people to prove who they are, and why does it need one now?",
      "Start with the right to work. Every time someone takes a new job, their employer has to check that they are allowed to work in the United Kingdom. For most organisations, that still means photocopies of passports, scanned documents sent by email, and face-to-face meetings to compare a photograph with a person. A single check can take about three hours of staff time. And mistakes are expensive. An employer who gets it wrong faces a substantial civil penalty for each illegal worker, so many play safe by asking for more documents than they need, and by holding copies of them for far longer than anyone would like.",
      "In the health service, the delays are felt by patients as well as staff. A nurse or a porter who has accepted a job can wait weeks before the checks are complete. In the NHS pilot we describe later in this series, the starting point is twenty-one days from offer to a cleared start.",
      "Housing is no better. Landlords and letting agents must check that a tenant has the right to rent. Most of them are not document experts, and they are being asked to judge passports, residence permits and share codes at the kitchen table. Manual right-to-rent checks have an error rate of around 30%. That means honest tenants delayed or turned away, and landlords exposed to fines they never meant to risk.",
      "Then there is safeguarding. Schools, nurseries, care homes and charities depend on DBS checks before someone can work with children or vulnerable adults. Those checks can take around eight weeks. During that time, a teacher who is ready to start cannot.",
      "Behind all of this sits a deeper problem. Each check asks a person to hand over far more than the question requires. To prove you may rent a flat, you hand over a passport that shows your date of birth, your place of birth, your full name, your nationality and your photograph. Copies of those documents end up in inboxes, shared drives and filing cabinets across the country. Every copy is a target for fraud and identity theft, and the person it belongs to has no idea where it is.",
      "And not everyone can take part in a digital-first process. Some people do not own a smartphone. Some do not have a passport or a driving licence. Some do not speak English as a first language, and some live with disabilities that make small print and complicated forms a barrier. A national identity service that only works for the confident and the well-equipped is not a national service at all.",
      "So what have we tried? The traditional answer has been a large, centralised programme. A national single sign-on can cost £400M+ and take many years before a single citizen benefits. Big central systems also create big central risks: one database that knows where everyone has been, and one point of failure if it goes wrong.",
      "Our proposal takes a different path. Instead of a central database, each person holds their own credentials in a wallet on their phone, on the web, or on a printed offline QR code. Instead of handing over a whole passport, a person shares only the fact that is needed, such as yes, this person has the right to work. Instead of a decade-long programme, the minimum viable product is designed to be delivered in 12 months, with visible pilots in 6 months, for a development cost of £1.25M.",
      "The difference for an employer is simple. A check that takes about three hours today takes about five minutes. The credential is portable, so a worker who changes jobs does not start again from scratch. Every check leaves an automatic audit trail, so compliance stops being a filing exercise. And workers, tenants, students and citizens never pay. Employers and landlords pay a small fee per verification, because they are the ones who save the time.",
      "In the rest of this series, we look at how selective disclosure keeps personal data private, how assisted-digital kiosks in councils and libraries make sure nobody is left behind, how an AI layer called Gabriel speeds up routine work while humans keep the final say, how four pilots will prove the case, how the business model pays for itself, and how independent governance keeps the whole system honest.",
      "Thank you for listening. In the next episode: selective disclosure, and why proving less is the key to trusting more.",
    ),
  },
  {
    id: "selective-disclosure",
    number: 2,
    title: "Selective Disclosure: Proving Only What Matters",
    duration: "4:00",
    topics: ["Selective disclosure", "Verifiable credentials", "No central tracking", "Data minimisation"],
    audioPath: "episode-2.ogg",
    mp3Path: "episode-2.mp3",
    description:
      "How verifiable credentials let a person prove a single fact, such as the right to work, without handing over a passport, and why there is no central record of where credentials are used.",
    icon: "shield",
    transcript: paragraphs(
      "Welcome back to the UK Digital Identity podcast. In the first episode, we looked at why today's identity checks are slow, costly and risky. In this episode, we look at the idea at the heart of the platform: selective disclosure, or proving only what matters.",
      "Think about what a landlord actually needs to know. Not your date of birth. Not your place of birth. Not your passport number. They need to know one thing: does this person have the right to rent? Today, the only way to answer that question is to hand over a document that answers dozens of other questions as well.",
      "Selective disclosure changes that. When a trusted issuer confirms a fact about you, it gives you a digital credential that is signed with a cryptographic key. The credential lives in your wallet, not in a government database. When a verifier asks a question, you choose which parts of the credential to reveal. The verifier checks the issuer's signature and learns the answer, and nothing more.",
      "The platform follows open standards rather than inventing its own. Credentials follow the W3C Verifiable Credentials 2.0 data model. Selective disclosure uses SD-JWT, where each personal detail is hidden behind a salted fingerprint until the holder chooses to reveal it. Signatures use Ed25519, a modern and efficient algorithm. Revocation uses StatusList2021, a compact list that lets a verifier see whether a credential is still valid without telling the issuer who is asking.",
      "That last point matters. In many identity systems, every check sends a message back to the centre, and over time the centre builds up a picture of where you work, where you live and who you deal with. This platform is designed for no central tracking. The verifier talks to you and checks a public signature. Nobody in the middle keeps a diary of your life.",
      "Data that has to be collected is kept for as short a time as possible. Raw biometric and document data captured during enrolment is deleted after 72 hours. What remains is the signed credential, which contains only the facts that were verified, and which you hold yourself. All data the service does keep stays in the United Kingdom.",
      "What about people without a signal, or without a smartphone at all? The wallet supports an offline QR mode. You can present a code that a verifier scans, and the code is valid for 15 minutes. That short window means a screenshot or a photocopy of the code is of little use to anyone else.",
      "For the verifier, the experience is just as simple. An employer opens the verifier portal, scans a code or receives a presentation, and sees a clear result: verified, with the issuer and the date, or not verified, with a reason. The check takes about five minutes instead of about three hours, and it leaves an automatic audit trail that shows the check was done properly, without storing a copy of anyone's passport. If a credential has been revoked, for example because a visa has expired, the verifier sees that straight away, and the issuer never learns who checked.",
      "Privacy and compliance are not afterthoughts. The design aligns with UK GDPR, with the government's digital identity and attributes trust framework, known as DIATF, and with the identity guidance in GPG45 and GPG44. Security is designed to meet Cyber Essentials Plus certification.",
      "Selective disclosure also makes the system safer for organisations. A business that never receives a copy of a passport cannot lose one in a data breach. Less data in fewer places means less risk for everyone.",
      "In the next episode, we turn to inclusion: how assisted-digital kiosks, offline codes and multilingual, accessible design make sure that nobody is left behind. Thank you for listening.",
    ),
  },
  {
    id: "assisted-digital",
    number: 3,
    title: "Nobody Left Behind: Assisted Digital and Inclusion",
    duration: "4:00",
    topics: ["Assisted digital", "Kiosks", "Accessibility", "Multilingual"],
    audioPath: "episode-3.ogg",
    mp3Path: "episode-3.mp3",
    description:
      "Assisted-digital kiosks in councils and libraries, offline QR codes, multilingual interfaces and WCAG 2.2 AA accessibility: how the platform serves people who are not online.",
    icon: "users",
    transcript: paragraphs(
      "Welcome to episode three of the UK Digital Identity podcast. So far, we have talked about the problem and about selective disclosure. Today, we talk about the people who are most often forgotten when government goes digital, and how this platform is designed around them from the start.",
      "Digital identity only works if it works for everyone. Some people do not own a smartphone, or share one with their family. Some have no passport or driving licence. Some find online forms confusing or stressful. Some are blind or partially sighted, some are deaf, and some have conditions that affect memory or concentration. Many speak English as a second language. If a service ignores them, the old paper process never goes away, and the people who most need help are the ones who wait longest.",
      "The first answer is assisted digital. The platform includes kiosks in places people already go and already trust: council offices and public libraries. A trained council operator can help a person enrol, check their documents, and receive a credential. For sensitive operations, the kiosks use dual control, so two members of staff must agree before anything important happens. The person leaves with a credential they control, just like someone who enrolled on their own phone.",
      "Picture a typical visit. A person books a slot at their local library, or simply walks in. The operator explains, in plain language, what the service does and what will be shared. The person's documents are checked, their photograph is taken, and the raw images are deleted after 72 hours. Within the same visit, they can show their new credential to an employer or landlord, using either the app or a printed code.",
      "The second answer is the offline QR mode. A person without a smartphone can carry a printed code or show one on a basic device. A verifier scans it and gets the same signed answer as from the app. Each code is valid for 15 minutes, which keeps it useful for the person and useless to anyone who copies it.",
      "The third answer is language. The interface is designed to be available in the 10 most spoken languages in the United Kingdom, and the pilot programme goes further, with a 12-language interface. People should be able to understand what they are agreeing to share, in a language they are comfortable with.",
      "The fourth answer is accessibility. Every screen is designed to meet the Web Content Accessibility Guidelines, version 2.2, at level AA. That means it works with a keyboard alone, it works with screen readers, text can be enlarged without breaking the layout, colours have enough contrast in light and dark modes, and error messages say clearly what went wrong and how to fix it.",
      "Inclusion is also measured. In the beta phase, the plan is to open 15 assisted centres, so that the kiosk model is tested in real councils and libraries, with real people, before the service grows. Satisfaction is tracked throughout, with a target of 95%+.",
      "Inclusive design is not only about fairness. It is also about cost. Every person who can use the digital service, with or without help, is a person who no longer needs a slow paper process. The more people the service reaches, the more time employers, landlords and schools save, and the faster the whole system pays for itself.",
      "There is a simple test for an inclusive identity service. Could your grandmother use it? Could a care worker on a night shift use it? Could someone who arrived in the country last month and is still learning English use it? If the answer is yes, with help where needed, then it is a service for the whole country.",
      "In the next episode, we meet Gabriel, the AI orchestration layer, and explain why every adverse decision is still made by a human. Thank you for listening.",
    ),
  },
  {
    id: "gabriel-human-oversight",
    number: 4,
    title: "Gabriel: AI with a Human in the Loop",
    duration: "4:25",
    topics: ["Gabriel AI", "Human oversight", "Document checks", "Ethics"],
    audioPath: "episode-4.ogg",
    mp3Path: "episode-4.mp3",
    description:
      "What the Gabriel AI orchestration layer does, from document checks to routing routine requests, and why human reviewers make every adverse decision.",
    icon: "bot",
    transcript: paragraphs(
      "Welcome to episode four of the UK Digital Identity podcast. Today, we talk about artificial intelligence, and about the rules that keep it in its place. The platform includes an AI orchestration layer called Gabriel. Gabriel is there to take routine work off people's desks. It is not there to make life-changing decisions on its own.",
      "So what does Gabriel actually do? First, it checks documents. When someone enrols, Gabriel looks at the document image and the information on it, and flags anything that looks inconsistent, such as a date that does not match, a photograph that appears altered, or a document type that is not accepted for the check being made. For employers and landlords, these AI document checks are one of the reasons a verification can take about five minutes instead of about three hours.",
      "Second, Gabriel routes work. Requests come in from citizens, employers, landlords and council operators. Many of them are routine: a credential to renew, a question about what a verifier can see, a check that has passed every rule. Gabriel handles those directly and sends anything unusual to a person. In the beta phase, the target is for Gabriel to handle 80% of routine requests, leaving staff free to spend their time on the cases that really need a human.",
      "Consider a simple example. A care worker applies for a new job and shares her right-to-work credential. Gabriel confirms that the credential is signed by a trusted issuer, that it has not been revoked, and that the details the employer asked for are present. The employer sees the result in minutes. Now imagine that the document scan at enrolment looked unusual. Gabriel does not refuse it. It flags the case, explains what it noticed, and passes it to a reviewer, who can ask for another document or confirm that everything is in order.",
      "Third, Gabriel helps operators. At an assisted-digital kiosk, a council operator can ask Gabriel for the next step in a process, or for a plain-language explanation to give a citizen. The operator stays in charge of the conversation.",
      "Now, the limits. The most important rule is simple: Gabriel never makes an adverse decision on its own. If the outcome for a person would be negative, for example a credential refused or a check that fails, that decision goes to a trained human reviewer. The reviewer sees what Gabriel flagged and why, looks at the evidence, and makes the call. The person affected is told that a human made the decision, and how to challenge it.",
      "This is what people mean by a human in the loop. It matters because AI systems can be wrong, and they can be wrong in ways that fall unevenly on different groups of people. A model that works well for one kind of document, or one kind of face, may work less well for another. Human review of every adverse decision is a safeguard against that.",
      "Gabriel is also governed in the open. An independent ethics panel of five people oversees how AI is used: a privacy expert, a disability rights advocate, a technology ethicist, a civil liberties lawyer, and a citizen representative. The panel meets quarterly, reviews how Gabriel is performing, and can recommend changes. Its findings feed into the public transparency reports.",
      "Privacy rules apply to Gabriel just as they apply to everything else. It works on the minimum data needed for the task. Raw biometric and document data is deleted after 72 hours. Gabriel does not build profiles of people, and it does not track where credentials are used.",
      "Why include AI at all? Because the alternative is queues. Without automation, every document check and every routine question lands on a person's desk, and the delays we described in the first episode return. With Gabriel handling the routine work and people handling the judgement, the service can be both fast and fair.",
      "There is also an audit benefit. Because every step Gabriel takes is logged, reviewers and the ethics panel can see exactly what happened in any case, and spot patterns across many cases. That record is what turns responsible AI from a promise into something that can be checked.",
      "In the next episode, we leave the theory behind and look at the four pilots that will put the platform to work with real organisations. Thank you for listening.",
    ),
  },
  {
    id: "four-pilots",
    number: 5,
    title: "From Pilot to Proof: Four Pilots in Six Months",
    duration: "4:40",
    topics: ["NHS pilot", "Housing pilot", "Education pilot", "Local authority pilot"],
    audioPath: "episode-5.ogg",
    mp3Path: "episode-5.mp3",
    description:
      "The four pilots, NHS right-to-work, housing right-to-rent, education DBS and a local authority multi-service pilot, and what each is designed to prove.",
    icon: "chart",
    transcript: paragraphs(
      "Welcome to episode five of the UK Digital Identity podcast. A good idea is not enough. It has to work with real people, in real organisations, under real pressure. That is why the platform is designed to deliver visible pilots in 6 months. Today, we walk through the four pilots, and what each one is meant to prove.",
      "Across the programme, there are 4 pilots, with 5,000+ participants. Together, they are projected to deliver £1.4M+ in annual savings, and a 700% return on investment within 12 months.",
      "The first pilot is NHS right-to-work. It runs with 3-5 NHS trusts over 6 months. The trusts hire constantly, from nurses and doctors to porters and administrators, and every new starter needs a right-to-work check before their first shift. The pilot covers 500-1,000 transactions, with 100 workers taking part in the live phase. The goal is to cut the time from offer to a cleared start from 21 days to 3 days, with projected savings of £500,000+. For a ward that is short of staff, getting people in weeks earlier makes a real difference.",
      "The second pilot is housing right-to-rent. It works with 2-3 housing associations. Housing associations carry out large numbers of right-to-rent checks, often for tenants who have moved several times, or who do not have a passport to hand. With a portable credential, a tenant proves their right to rent once and shares that proof again whenever they need to, and the housing officer sees a clear, signed answer instead of judging a document by eye. Projected savings are £200,000+.",
      "The third pilot is education DBS checks. It runs with one local education authority, covering 50-100 schools. Today, a DBS check can take around eight weeks, and a school cannot let a new member of staff work unsupervised with children until it is done. With a DBS credential held in the wallet, the school can confirm the result instantly. The aim is to go from 8 weeks to instant confirmation, with projected savings of £300,000+.",
      "The fourth pilot is a local authority multi-service pilot. Councils carry out many kinds of identity checks, for their own staff, for housing, for licensing and for access to services. This pilot brings several of those checks onto one platform, and tests the assisted-digital kiosks in council offices and libraries. Projected savings are £400,000+, with a 70% efficiency gain in the processes covered.",
      "All four pilots share one framework, so that the results can be compared fairly and problems are handled the same way everywhere. If a verification fails in a way that affects a person, the response begins in under 2 minutes. If there is a privacy concern, the response begins in under 5 minutes. And if an engineer is needed on site, one can be mobilised within 15 minutes. The pilot interface is available in 12 languages, so that participants can take part in the language they are most comfortable with.",
      "Every pilot measures the same things: how long each check takes, how many checks need a human to step in, how satisfied people are, and what the organisation saves. Those measures matter, because they are what a minister, a chief executive or an investor will ask about before the service grows. Results are shared openly, so that other trusts, housing associations, schools and councils can see what worked before they join.",
      "The pilots also feed the wider roadmap. The alpha phase works with 3 employer partners and 500 pilot citizens. The beta phase adds right-to-rent, DBS, kiosks and AI, with targets of 10,000 citizens, 25 organisations and 15 assisted centres. The minimum viable product, at the end of 12 months, aims for 100,000 users and 1,000+ employers and landlords, at 99.9% availability.",
      "The message of this episode is simple. The pilots are not a demonstration for its own sake. They are how the programme earns the right to grow: one trust, one housing association, one school and one council at a time.",
      "In the next episode, we look at who pays for all of this, and why it is never the worker, the tenant or the citizen. Thank you for listening.",
    ),
  },
  {
    id: "business-model",
    number: 6,
    title: "Who Pays? The Business Model",
    duration: "4:10",
    topics: ["Business model", "Verification fees", "Costs", "Revenue"],
    audioPath: "episode-6.ogg",
    mp3Path: "episode-6.mp3",
    description:
      "Employers and landlords pay per verification; workers, tenants, students and citizens never pay. Build costs, operating costs and the revenue model explained.",
    icon: "wallet",
    transcript: paragraphs(
      "Welcome to episode six of the UK Digital Identity podcast. Every public service has to answer a hard question: who pays? In this episode, we explain the business model, and why the people being checked never pay a penny.",
      "The principle is straightforward. The organisations that save time and reduce risk are the ones that pay. Employers and landlords pay a small fee per verification. Workers, tenants, students and citizens never pay, whether they enrol on their own phone or with help at a council kiosk.",
      "The fees are small because the savings are large. A right-to-work verification costs between £0.50 and £1.20. A right-to-rent verification costs between £0.30 and £0.80. An enhanced DBS verification costs between £1.00 and £2.00. Organisations that use several services, such as councils, receive volume discounts. Compare that with what a check costs today, in about three hours of staff time, and the case makes itself.",
      "Consider a small example. A letting agent who checks a new tenant today spends time collecting documents, copying them, checking them by eye and filing them away. With the platform, the tenant shares a right-to-rent credential, the agent sees a signed answer, and the record is kept automatically. The agent pays a fee measured in pence, and the tenant pays nothing.",
      "Now, the costs of building and running the platform. The core build of the minimum viable product is costed at £200k, with first-year costs of £125k-£200k. The comparison is a national single sign-on programme at £305m+. In other words, the build costs under 1% of the alternative.",
      "Running the service at national scale is estimated at £10-15m a year. Spread across the population, that is about £2-£3 per citizen, for a service that replaces photocopies, filing cabinets and weeks of waiting.",
      "Where does the money come from? The revenue model has three parts. First, a central licence, worth £25-40m a year. Second, per-verification fees. At 50m checks a year, they bring in £30-50m. Third, enterprise add-ons for larger organisations, such as integration with their own systems, worth £10-20m. Together, total revenue is projected at £70-80m a year, with a margin of about 84%.",
      "Why does the margin matter to the public? Because it means the service can pay for its own running costs, its security audits and its improvements, without asking citizens to pay, and without depending on a new budget every year.",
      "The business model also supports a fair market. The platform is vendor-neutral and modular. The citizen wallet, the verifier portal, the assisted-digital kiosks, the AI orchestration layer and the revocation system are separate components with open interfaces. Other providers can build wallets or verifier tools that work with the platform, and no single supplier can lock the country in.",
      "For the organisations that pay, the benefits go beyond speed. Credentials are portable, so an employer does not repeat checks that another employer has already done properly. Every check creates an automatic audit trail, which makes compliance inspections simpler. And AI document checks catch problems that a busy person might miss.",
      "The pilots are where these numbers will be tested. Across the four pilots, projected annual savings are £1.4M+, with a 700% return on investment within 12 months. If the pilots deliver, the case for scaling up is made by evidence, not by promises.",
      "In the final episode, we look at governance: who holds the platform to account, and how the public can see that it keeps its promises. Thank you for listening.",
    ),
  },
  {
    id: "governance-accountability",
    number: 7,
    title: "Trust by Design: Governance and Accountability",
    duration: "4:25",
    topics: ["Governance", "Ethics panel", "Transparency reports", "Accountability"],
    audioPath: "episode-7.ogg",
    mp3Path: "episode-7.mp3",
    description:
      "The principles, DPIA safeguards, independent ethics panel, transparency reports and incident commitments that hold the platform to account.",
    icon: "badge",
    transcript: paragraphs(
      "Welcome to the final episode of the UK Digital Identity podcast. We have talked about technology, inclusion, AI, pilots and money. But none of it matters unless people trust the system. Trust cannot be demanded. It has to be earned, and it has to be checked. This episode is about governance: the rules, the people and the promises that hold the platform to account.",
      "Governance starts with four principles. The first is transparency: the public can see how the platform works, what data it uses, and how well it performs. The second is accountability: when something goes wrong, it is clear who is responsible and what they must do. The third is participation: citizens, civil society and the people most affected have a real voice in how the service develops. The fourth is proportionality: the platform collects and uses only what a check genuinely needs, and nothing more.",
      "Before any new feature goes live, it goes through a data protection impact assessment, known as a DPIA. The assessment asks what personal data the feature uses, why it is needed, what could go wrong, and how those risks are reduced. The safeguards that come out of it are built into the design: data minimisation through selective disclosure, deletion of raw biometric and document data after 72 hours, no central tracking of where credentials are used, and data kept in the United Kingdom.",
      "Oversight does not stop at the design stage. An independent ethics panel of five people reviews how the platform is used, and in particular how AI is used. The panel brings together a privacy expert, a disability rights advocate, a technology ethicist, a civil liberties lawyer, and a citizen representative. It meets quarterly, it can ask difficult questions, and its recommendations are published.",
      "Transparency is made real through regular transparency reports. The first version is planned for the minimum viable product phase. The reports set out how the service is performing, how many decisions were reviewed by humans, what incidents occurred and how they were handled, and what the ethics panel recommended. A service that reports on itself in public has a strong reason to behave well.",
      "Then come the hard commitments, the ones that can be measured. If there is a security incident, the aim is to detect it within 24 hours. The public is notified within 72 hours, and the Information Commissioner's Office is notified within 72 hours as well. Security audits take place quarterly, and a full privacy assessment takes place every year. For AI, every adverse decision is made by a human reviewer, never by Gabriel alone.",
      "Accountability also means people can challenge decisions. If a credential is refused, or a check fails, the person affected is told why, is told that a human made the decision, and is shown how to ask for it to be looked at again. Citizens control their own credentials, and a revoked credential stops working everywhere through the public revocation list, without anyone tracking where it was used.",
      "Governance also covers the people who run the service. Council operators use dual control for sensitive operations, so no single person can act alone on something that matters. Every action by staff or by Gabriel is logged, and those logs are what auditors and the ethics panel examine.",
      "Good governance is sometimes seen as a brake on delivery. We see it the other way round. Clear rules make it easier for ministers to approve the platform, easier for employers and landlords to rely on it, and easier for citizens to use it with confidence. Governance is what allows a service to move quickly without breaking trust.",
      "That brings our series to a close. Over seven episodes, we have described a platform that proves only what matters, leaves nobody behind, uses AI with humans in charge, proves itself through four pilots, pays its own way without charging citizens, and is held to account in public. The minimum viable product can be delivered in 12 months, with visible pilots in 6 months.",
      "To find out more, visit the solution page for the technical detail, or the costs and benefits page for the full numbers. Thank you for listening to the UK Digital Identity podcast.",
    ),
  },
];

/** Where the audio files live unless the deployment says otherwise: this site's public/podcasts. */
export const DEFAULT_PODCAST_AUDIO_BASE_URL = "/podcasts/";

/**
 * The address of an episode's audio file. Spec 001 §2 "Audio is loaded from external audio file
 * addresses" (audio addresses configurable): the base URL is the env var PODCAST_AUDIO_BASE_URL
 * when the deployment sets it, e.g. a CDN or R2 bucket `https://audio.example.gov.uk/podcasts/`,
 * and /podcasts/ (this site's own public/podcasts) otherwise.
 *
 * Workers bindings only reach loaders, never this module: a route's loader reads
 * `context.env.PODCAST_AUDIO_BASE_URL` (set with `wrangler.toml [vars]` or `--var`) and passes it
 * here as `baseUrl`. An external host must also be allowed by the CSP's media-src
 * (app/utils/security.server.ts), which allows only 'self' today.
 */
export function podcastAudioUrl(episode: Pick<PodcastEpisode, "audioPath">, baseUrl?: string | null): string {
  const base = baseUrl && baseUrl.trim() !== "" ? baseUrl.trim() : DEFAULT_PODCAST_AUDIO_BASE_URL;
  return `${base.replace(/\/+$/, "")}/${episode.audioPath.replace(/^\/+/, "")}`;
}

/**
 * Every file of an episode, in the order a player should try them (for <source> elements): MP3
 * first, because it plays everywhere and its length shows without byte-range support (the local
 * asset server answers Range requests with the whole file, and Chromium then shows no length for
 * Ogg); Ogg Opus second.
 */
export function podcastAudioSources(episode: Pick<PodcastEpisode, "audioPath" | "mp3Path">, baseUrl?: string | null): { src: string; type: string }[] {
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
