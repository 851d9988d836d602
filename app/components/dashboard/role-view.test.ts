import { describe, expect, it } from "vitest";
import type { Dashboard } from "#server/dashboard/dashboard.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { roleView, type Say } from "./role-view.ts";

/** The page's words in English (the spec's). */
const english: Say = (message, values) => serverIntl("en").formatMessage(message, values);

/**
 * Spec 000 §2 "Home dashboard", the table row by row: every stat card's and tool card's title and
 * exact link, the section titles and the button, for the four roles.
 */
const common = { lastUpdated: "2026-07-15T12:00:00.000Z", activity: [], status: [] };
const DASHBOARDS: Record<string, Dashboard> = {
  admin: { ...common, role: "admin", stats: { totalUsers: 12847, systemHealth: 98.5, uptime: 99.9, activeAlerts: 3 } },
  verifier: {
    ...common,
    role: "verifier",
    stats: { pendingVerifications: 23, completedToday: 47, successRate: 98.25 },
  },
  operator: { ...common, role: "operator", stats: { activeSessions: 12, requestsProcessed: 89, avgResponseTime: 3.8 } },
  citizen: {
    ...common,
    role: "citizen",
    stats: { myCredentials: 4, recentShares: 7, profileStatus: 67 },
    profile: [],
  },
};

const SPEC_TABLE = {
  admin: {
    cards: [
      ["Total Users", "/analytics"],
      ["System Health", "/analytics"],
      ["Active Alerts", "/analytics"],
    ],
    tools: [
      ["User Management", "/coming-soon/user-management"],
      ["System Analytics", "/analytics"],
      ["Security Monitoring", "/coming-soon/security-monitoring"],
      ["System Settings", "/coming-soon/system-settings"],
    ],
    sections: ["System Events", "System Status"],
    button: "View System Monitoring",
  },
  verifier: {
    cards: [
      ["Pending Verifications", "/verifier-portal"],
      ["Completed Today", "/verifier-portal"],
      ["Success Rate", "/analytics"],
    ],
    tools: [
      ["Verification Queue", "/verifier-portal"],
      ["Scan Credentials", "/coming-soon/qr-scanner"],
      ["Verification Reports", "/analytics"],
      ["Approval Workflows", "/coming-soon/workflows"],
    ],
    sections: ["Recent Verifications", "Verification Status"],
    button: "Manage Verification Tools",
  },
  operator: {
    cards: [
      ["Active Sessions", "/assisted-digital"],
      ["Requests Processed", "/assisted-digital"],
      ["Avg Response Time", "/analytics"],
    ],
    tools: [
      ["Citizen Support", "/assisted-digital"],
      ["Process Requests", "/coming-soon/process-requests"],
      ["Help Desk", "/coming-soon/help-desk"],
      ["Call Center", "/coming-soon/call-center"],
    ],
    sections: ["Recent Support", "Support Metrics"],
    button: "Open Support Dashboard",
  },
  citizen: {
    cards: [
      ["My Credentials", "/credentials"],
      ["Recent Shares", "/shares"],
      ["Profile Status", "/profile"],
    ],
    tools: [
      ["My Wallet", "/wallet"],
      ["Request Credential", "/wallet?action=request"],
      ["Share Credentials", "/wallet?action=share"],
      ["My Profile", "/profile"],
    ],
    sections: ["Recent Activity", "My Profile Strength"],
    button: "Complete Your Profile",
  },
} as const;

describe("role dashboard view (spec 000 §2 table)", () => {
  for (const role of ["admin", "verifier", "operator", "citizen"] as const) {
    it(`${role}: stat cards, tool cards, sections and button with the spec's exact links`, () => {
      const view = roleView(DASHBOARDS[role]!, english);
      const spec = SPEC_TABLE[role];
      expect(view.cards.map((c) => [c.title, c.to])).toEqual(spec.cards);
      expect(view.tools.map((t) => [t.title, t.to])).toEqual(spec.tools);
      expect([view.activityTitle, view.statusTitle]).toEqual(spec.sections);
      expect(view.button.label).toBe(spec.button);
    });
  }

  it("puts the spec's card subtitles under the figures they describe", () => {
    const admin = roleView(DASHBOARDS.admin!, english).cards;
    expect(admin[0]!.description).toMatch(/^Active citizens/);
    // "System Health (Uptime)": the uptime figure, not the 24 h request success rate.
    expect(admin[1]).toMatchObject({ value: "99.9%", description: expect.stringMatching(/^Uptime/) });
    const operator = roleView(DASHBOARDS.operator!, english).cards;
    expect(operator[0]!.description).toBe("Citizens being assisted");
    expect(operator[1]!.description).toBe("Today");
    // Support response time in minutes, not HTTP latency.
    expect(operator[2]!.value).toBe("3.8 min");
    // My Credentials counts what the wallet lists, revoked and expired included, and says so.
    expect(roleView(DASHBOARDS.citizen!, english).cards[0]!.description).toBe(
      "In your wallet, including any revoked or expired",
    );
  });

  it("formats figures: thousands, one-decimal rates, No data, whole percent", () => {
    expect(roleView(DASHBOARDS.admin!, english).cards.map((c) => c.value)).toEqual(["12,847", "99.9%", "3"]);
    expect(roleView(DASHBOARDS.verifier!, english).cards.map((c) => c.value)).toEqual(["23", "47", "98.3%"]);
    expect(roleView(DASHBOARDS.citizen!, english).cards.map((c) => c.value)).toEqual(["4", "7", "67%"]);
    const empty = roleView(
      {
        ...common,
        role: "operator",
        stats: { activeSessions: 0, requestsProcessed: 0, avgResponseTime: null },
      },
      english,
    );
    expect(empty.cards[2]!.value).toBe("No data");
    const unmeasured = roleView(
      {
        ...common,
        role: "admin",
        stats: { totalUsers: 0, systemHealth: null, uptime: null, activeAlerts: 0 },
      },
      english,
    );
    expect(unmeasured.cards[1]!.value).toBe("No data");
  });
});
