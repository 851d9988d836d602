/**
 * What each role's home dashboard shows (spec 000 §2 "Home dashboard" table): the three stat
 * cards with their links, the four tool cards, the section titles and the panel's button. Pure
 * (no React, no I/O) so the table can be checked line by line in a unit test.
 */
import type { IconName } from "#app/components/ui/icons.tsx";
import type { Dashboard } from "#server/dashboard/dashboard.ts";
import { formatPercent } from "#core/format/format.ts";

export interface StatCard {
  title: string;
  value: string;
  description: string;
  to: string;
  icon: IconName;
}
export interface ToolCard {
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

export function roleView(dashboard: Dashboard): RoleView {
  switch (dashboard.role) {
    case "admin": {
      const s = dashboard.stats;
      return {
        subtitle: "Platform administration and oversight",
        cards: [
          { title: "Total Users", value: integer.format(s.totalUsers), description: "Active citizens, last 30 days", to: "/analytics", icon: "users" },
          // Spec 000 §2 "System Health (Uptime)": the uptime figure under the Uptime label; the
          // 24 h request success rate is in the System Status panel.
          { title: "System Health", value: formatPercent(s.uptime), description: "Uptime, last 30 days", to: "/analytics", icon: "pulse" },
          {
            title: "Active Alerts",
            value: integer.format(s.activeAlerts),
            description: "High or critical, unresolved",
            to: "/analytics",
            icon: "alert",
          },
        ],
        toolsTitle: "Administration Tools",
        tools: [
          { title: "User Management", description: "Accounts, roles and access", to: "/coming-soon/user-management", icon: "users" },
          { title: "System Analytics", description: "Usage, performance and errors", to: "/analytics", icon: "chart" },
          { title: "Security Monitoring", description: "Sign-ins, refusals and threats", to: "/coming-soon/security-monitoring", icon: "shield" },
          { title: "System Settings", description: "Platform configuration", to: "/coming-soon/system-settings", icon: "settings" },
        ],
        activityTitle: "System Events",
        statusTitle: "System Status",
        button: { label: "View System Monitoring", to: "/analytics" },
      };
    }
    case "verifier": {
      const s = dashboard.stats;
      return {
        subtitle: "Check credentials and manage verification requests",
        cards: [
          {
            title: "Pending Verifications",
            value: integer.format(s.pendingVerifications),
            description: "Open requests awaiting a response",
            to: "/verifier-portal",
            icon: "clock",
          },
          {
            title: "Completed Today",
            value: integer.format(s.completedToday),
            description: "Presentations verified today",
            to: "/verifier-portal",
            icon: "check",
          },
          { title: "Success Rate", value: formatPercent(s.successRate), description: "Presentations found valid", to: "/analytics", icon: "chart" },
        ],
        toolsTitle: "Verification Tools",
        tools: [
          { title: "Verification Queue", description: "Requests waiting for a citizen", to: "/verifier-portal", icon: "inbox" },
          { title: "Scan Credentials", description: "Check a QR code in person", to: "/coming-soon/qr-scanner", icon: "scan" },
          { title: "Verification Reports", description: "Results and receipts", to: "/analytics", icon: "file" },
          { title: "Approval Workflows", description: "Multi-step checks and sign-off", to: "/coming-soon/workflows", icon: "workflow" },
        ],
        activityTitle: "Recent Verifications",
        statusTitle: "Verification Status",
        button: { label: "Manage Verification Tools", to: "/verifier" },
      };
    }
    case "operator": {
      const s = dashboard.stats;
      return {
        subtitle: "Assisted digital support for citizens",
        cards: [
          {
            title: "Active Sessions",
            value: integer.format(s.activeSessions),
            description: "Citizens being assisted",
            to: "/assisted-digital",
            icon: "support",
          },
          { title: "Requests Processed", value: integer.format(s.requestsProcessed), description: "Today", to: "/assisted-digital", icon: "check" },
          {
            title: "Avg Response Time",
            value: s.avgResponseTime === null ? "No data" : `${s.avgResponseTime.toFixed(1)} min`,
            description: "Mean assisted session, last 24 hours",
            to: "/analytics",
            icon: "clock",
          },
        ],
        toolsTitle: "Support Tools",
        tools: [
          { title: "Citizen Support", description: "Run an assisted session", to: "/assisted-digital", icon: "support" },
          { title: "Process Requests", description: "Work through pending requests", to: "/coming-soon/process-requests", icon: "inbox" },
          { title: "Help Desk", description: "Questions and known issues", to: "/coming-soon/help-desk", icon: "help" },
          { title: "Call Center", description: "Telephone assistance", to: "/coming-soon/call-center", icon: "phone" },
        ],
        activityTitle: "Recent Support",
        statusTitle: "Support Metrics",
        button: { label: "Open Support Dashboard", to: "/assisted" },
      };
    }
    default: {
      const s = dashboard.stats;
      return {
        subtitle: "Your digital identity wallet",
        cards: [
          { title: "My Credentials", value: integer.format(s.myCredentials), description: "Held in your wallet", to: "/credentials", icon: "badge" },
          { title: "Recent Shares", value: integer.format(s.recentShares), description: "Times your credentials were shared", to: "/shares", icon: "share" },
          { title: "Profile Status", value: `${s.profileStatus}%`, description: "Profile complete", to: "/profile", icon: "user" },
        ],
        toolsTitle: "Quick Actions",
        tools: [
          { title: "My Wallet", description: "See and manage your credentials", to: "/wallet", icon: "wallet" },
          { title: "Request Credential", description: "Ask an authority to issue one", to: "/wallet?action=request", icon: "plus" },
          { title: "Share Credentials", description: "Prove only what a check needs", to: "/wallet?action=share", icon: "share" },
          { title: "My Profile", description: "Your details and security", to: "/profile", icon: "user" },
        ],
        activityTitle: "Recent Activity",
        statusTitle: "My Profile Strength",
        button: { label: "Complete Your Profile", to: "/profile" },
      };
    }
  }
}
