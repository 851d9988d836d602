/**
 * What the public transparency page (/gabriel-ai) is drawn from: the agents' declarations
 * (core/gabriel/agents.ts, the ones they run from) and the aggregate figures
 * (./transparency.ts). Read on the server so the declarations' zod schemas never reach the
 * browser: the page receives plain JSON.
 */
import { AGENTS, type AgentDefinition } from "#core/gabriel/agents.ts";
import { AGENT_TYPES } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { type TransparencyFigures, transparencyFigures } from "./transparency.ts";

/** What the page shows of an agent: its declaration without the thresholds and schema. */
export type PublicAgent = Pick<AgentDefinition, "type" | "name" | "purpose" | "watches" | "may" | "mayNot" | "rules">;

/** Every agent as the page shows it, without the thresholds and schemas it does not show. */
const PUBLIC_AGENTS: PublicAgent[] = AGENT_TYPES.map((type) => {
  const { name, purpose, watches, may, mayNot, rules } = AGENTS[type];
  return { type, name, purpose, watches, may, mayNot, rules };
});

/**
 * The page's data. The agents' descriptions do not depend on the database: if the figures cannot
 * be read the page still answers, with `figures: null` (it says they are unavailable).
 */
export async function transparencyPageData(
  db: Database,
  requestId: string,
  now = new Date(),
): Promise<{ agents: PublicAgent[]; figures: TransparencyFigures | null }> {
  try {
    return { agents: PUBLIC_AGENTS, figures: await transparencyFigures(db, now) };
  } catch (error) {
    console.error(`[${requestId}] gabriel-ai: could not read the figures`, error);
    return { agents: PUBLIC_AGENTS, figures: null };
  }
}
