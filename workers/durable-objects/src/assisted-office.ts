import { grantOf } from "#server/accounts/live-access.ts";
import {
  type AssistedOfficeApi,
  OfficeChange,
  type OfficeMessage,
  SupervisorCall,
  watcherRole,
} from "#server/assisted/office-feed.ts";
import { ClockedObject } from "./clocked-object.ts";

/**
 * One office's live board (idFromName(officeId); server/assisted/office-feed.ts): the consoles of
 * the office hold hibernating WebSockets here, tagged with their role, and hear what changed.
 * It stores nothing: a console that was away reads the office's lists again when it reconnects.
 */
export class AssistedOffice extends ClockedObject implements AssistedOfficeApi {
  async changed(input: unknown): Promise<number> {
    return this.watchers.broadcast({ type: "changed", ...OfficeChange.parse(input) } satisfies OfficeMessage);
  }

  async callSupervisor(input: unknown): Promise<number> {
    return this.watchers.broadcast(
      { type: "supervisor-call", ...SupervisorCall.parse(input) } satisfies OfficeMessage,
      "supervisor",
    );
  }

  override async fetch(request: Request): Promise<Response> {
    return this.watchers.watch(request, [watcherRole(request)], undefined, grantOf(request));
  }
}
