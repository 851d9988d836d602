import { describe, expect, it } from "vitest";
import { ACTIONS, type Action, can } from "./permissions.ts";

const user = (role: string, id = `${role}-id`) => ({ id, role });

// The whole matrix, so adding a role or action without deciding it fails here.
const EXPECTED: Record<Action, string[]> = {
  "view:dashboard": ["admin", "verifier", "operator", "citizen"],
  "view:analytics": ["admin"],
  "resolve:errors": ["admin"],
  "manage:users": ["admin"],
  "manage:trust-list": ["admin"],
  "verify:credentials": ["admin", "verifier"],
  "run:assisted-sessions": ["admin", "operator"],
  "review:hitl": ["admin", "operator"],
  "control:agents": ["admin"],
  "hold:credentials": ["admin", "verifier", "operator", "citizen"],
  "revoke:credentials": ["admin"],
};

describe("can: server-side permissions by role", () => {
  it("defines exactly the foundation actions", () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const action of Object.keys(EXPECTED) as Action[]) {
    for (const role of ["admin", "verifier", "operator", "citizen"]) {
      const allowed = EXPECTED[action].includes(role);
      it(`${allowed ? "lets" : "refuses"} ${role} ${action}`, () => {
        // Owner-only actions are asked about the user's own object; the role decides the rest.
        const subject = user(role);
        expect(can(subject, action, { ownerId: subject.id })).toBe(allowed);
      });
    }
  }

  it("treats an unknown role as citizen, never as more", () => {
    expect(can(user("superuser"), "manage:users")).toBe(false);
    expect(can(user("ADMIN"), "manage:users")).toBe(false);
    expect(can(user(""), "view:dashboard")).toBe(true);
    expect(can(user("superuser", "s1"), "hold:credentials", { ownerId: "s1" })).toBe(true);
  });

  it("refuses everything to nobody", () => {
    for (const action of ACTIONS) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
  });

  it("refuses an action it does not know", () => {
    expect(can(user("admin"), "delete:everything" as Action)).toBe(false);
  });

  it("lets only the owner act on their own credentials, admins included", () => {
    expect(can(user("citizen", "u1"), "hold:credentials", { ownerId: "u1" })).toBe(true);
    expect(can(user("citizen", "u1"), "hold:credentials", { ownerId: "u2" })).toBe(false);
    expect(can(user("admin", "a1"), "hold:credentials", { ownerId: "u2" })).toBe(false);
    expect(can(user("citizen", "u1"), "hold:credentials", { ownerId: null })).toBe(false);
  });

  it("refuses an owner-only action when no resource is named, whatever the role", () => {
    for (const role of ["admin", "verifier", "operator", "citizen"]) {
      expect(can(user(role), "hold:credentials"), role).toBe(false);
      expect(can(user(role), "hold:credentials", {}), role).toBe(false);
    }
  });

  it("ignores ownership for role-only actions", () => {
    expect(can(user("verifier", "v1"), "verify:credentials", { ownerId: "someone-else" })).toBe(true);
    expect(can(user("verifier", "v1"), "verify:credentials")).toBe(true);
  });
});
