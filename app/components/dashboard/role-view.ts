/**
 * What each role's home dashboard shows (spec 000 §2 "Home dashboard" table): the three stat
 * cards with their links, the four tool cards, the section titles and the panel's button. Pure
 * (no React, no I/O) so the table can be checked line by line in a unit test.
 */
import type { IconName } from "#app/components/ui/icons.tsx";
import { formatPercent } from "#core/format/format.ts";
import type { Dashboard } from "#server/dashboard/dashboard.ts";

interface StatCard {
  title: string;
  value: string;
  description: string;
  to: string;
  icon: IconName;
}
interface ToolCard {
  title: string;
  description: string;
  to: string;
  icon: IconName;
}
export interface RoleView {
  subtitle: string;
  cards: StatCard[];
  toolsTitle: string;
  tools: ToolCard[];
  activityTitle: string;
  statusTitle: string;
  button: { label: string; to: string };
}

const integer = new Intl.NumberFormat("en-GB");
const count = (n: number) => integer.format(n);

/** Rows of the spec's table, written as [title, value, description, link, icon]. */
const cards = (rows: [string, string, string, string, IconName][]): StatCard[] =>
  rows.map(([title, value, description, to, icon]) => ({ title, value, description, to, icon }));
/** Rows of the spec's table, written as [title, description, link, icon]. */
const tools = (rows: [string, string, string, IconName][]): ToolCard[] =>
  rows.map(([title, description, to, icon]) => ({ title, description, to, icon }));

/** What "My Credentials" counts, said on its card. */
const MY_CREDENTIALS_DESCRIPTION = "In your wallet, including any revoked or expired";

export function roleView(dashboard: Dashboard): RoleView {
  switch (dashboard.role) {
    case "admin": {
      const s = dashboard.stats;
      return {
        subtitle: "Platform administration and oversight",
        cards: cards([
          ["Total Users", count(s.totalUsers), "Active citizens, last 30 days", "/analytics", "users"],
          // Spec 000 §2 "System Health (Uptime)": the uptime figure under the Uptime label; the
          // 24 h request success rate is in the System Status panel.
          ["System Health", formatPercent(s.uptime), "Uptime, last 30 days", "/analytics", "pulse"],
          ["Active Alerts", count(s.activeAlerts), "High or critical, unresolved", "/analytics", "alert"],
        ]),
        toolsTitle: "Administration Tools",
        tools: tools([
          ["User Management", "Accounts, roles and access", "/coming-soon/user-management", "users"],
          ["System Analytics", "Usage, performance and errors", "/analytics", "chart"],
          ["Security Monitoring", "Sign-ins, refusals and threats", "/coming-soon/security-monitoring", "shield"],
          ["System Settings", "Platform configuration", "/coming-soon/system-settings", "settings"],
        ]),
        activityTitle: "System Events",
        statusTitle: "System Status",
        button: { label: "View System Monitoring", to: "/analytics" },
      };
    }
    case "verifier": {
      const s = dashboard.stats;
      return {
        subtitle: "Check credentials and manage verification requests",
        cards: cards([
          [
            "Pending Verifications",
            count(s.pendingVerifications),
            "Open requests awaiting a response",
            "/verifier-portal",
            "clock",
          ],
          ["Completed Today", count(s.completedToday), "Presentations verified today", "/verifier-portal", "check"],
          ["Success Rate", formatPercent(s.successRate), "Presentations found valid", "/analytics", "chart"],
        ]),
        toolsTitle: "Verification Tools",
        tools: tools([
          ["Verification Queue", "Requests waiting for a citizen", "/verifier-portal", "inbox"],
          ["Scan Credentials", "Check a QR code in person", "/coming-soon/qr-scanner", "scan"],
          ["Verification Reports", "Results and receipts", "/analytics", "file"],
          ["Approval Workflows", "Multi-step checks and sign-off", "/coming-soon/workflows", "workflow"],
        ]),
        activityTitle: "Recent Verifications",
        statusTitle: "Verification Status",
        button: { label: "Manage Verification Tools", to: "/verifier" },
      };
    }
    case "operator": {
      const s = dashboard.stats;
      return {
        subtitle: "Assisted digital support for citizens",
        cards: cards([
          ["Active Sessions", count(s.activeSessions), "Citizens being assisted", "/assisted-digital", "support"],
          ["Requests Processed", count(s.requestsProcessed), "Today", "/assisted-digital", "check"],
          [
            "Avg Response Time",
            s.avgResponseTime === null ? "No data" : `${s.avgResponseTime.toFixed(1)} min`,
            "Mean assisted session, last 24 hours",
            "/analytics",
            "clock",
          ],
        ]),
        toolsTitle: "Support Tools",
        tools: tools([
          ["Citizen Support", "Run an assisted session", "/assisted-digital", "support"],
          ["Process Requests", "Work through pending requests", "/coming-soon/process-requests", "inbox"],
          ["Help Desk", "Questions and known issues", "/coming-soon/help-desk", "help"],
          ["Call Center", "Telephone assistance", "/coming-soon/call-center", "phone"],
        ]),
        activityTitle: "Recent Support",
        statusTitle: "Support Metrics",
        button: { label: "Open Support Dashboard", to: "/assisted" },
      };
    }
    default: {
      const s = dashboard.stats;
      return {
        subtitle: "Your digital identity wallet",
        cards: cards([
          // The credentials the wallet lists (server/credentials/credentials.ts heldBy): the wallet and /credentials show the same number.
          ["My Credentials", count(s.myCredentials), MY_CREDENTIALS_DESCRIPTION, "/credentials", "badge"],
          ["Recent Shares", count(s.recentShares), "Times your credentials were shared", "/shares", "share"],
          ["Profile Status", `${s.profileStatus}%`, "Profile complete", "/profile", "user"],
        ]),
        toolsTitle: "Quick Actions",
        tools: tools([
          ["My Wallet", "See and manage your credentials", "/wallet", "wallet"],
          ["Request Credential", "Ask an authority to issue one", "/wallet?action=request", "plus"],
          ["Share Credentials", "Prove only what a check needs", "/wallet?action=share", "share"],
          ["My Profile", "Your details and security", "/profile", "user"],
        ]),
        activityTitle: "Recent Activity",
        statusTitle: "My Profile Strength",
        button: { label: "Complete Your Profile", to: "/profile" },
      };
    }
  }
}
