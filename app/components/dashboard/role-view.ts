/**
 * What each role's home dashboard shows (spec 000 §2 "Home dashboard" table): the three stat
 * cards with their links, the four tool cards, the section titles and the panel's button. Pure
 * (no React, no I/O) so the table can be checked line by line in a unit test.
 */
import { defineMessage, type MessageDescriptor } from "react-intl";
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

/** Says a message in the page's language. */
export type Say = (message: MessageDescriptor, values?: Record<string, string | number>) => string;

export function roleView(dashboard: Dashboard, say: Say): RoleView {
  switch (dashboard.role) {
    case "admin": {
      const s = dashboard.stats;
      return {
        subtitle: say(
          defineMessage({
            id: "dashboard.admin.platformAdministrationAndOversight",
            defaultMessage: "Platform administration and oversight",
          }),
        ),
        cards: cards([
          [
            say(defineMessage({ id: "dashboard.admin.totalUsers", defaultMessage: "Total Users" })),
            count(s.totalUsers),
            say(
              defineMessage({
                id: "dashboard.admin.activeCitizensLast30",
                defaultMessage: "Active citizens, last 30 days",
              }),
            ),
            "/analytics",
            "users",
          ],
          // Spec 000 §2 say(defineMessage({ id: "dashboard.admin.systemHealthUptime", defaultMessage: "System Health (Uptime)" })): the uptime figure under the Uptime label; the
          // 24 h request success rate is in the System Status panel.
          [
            say(defineMessage({ id: "dashboard.admin.systemHealth", defaultMessage: "System Health" })),
            formatPercent(s.uptime),
            say(defineMessage({ id: "dashboard.admin.uptimeLast30Days", defaultMessage: "Uptime, last 30 days" })),
            "/analytics",
            "pulse",
          ],
          [
            say(defineMessage({ id: "dashboard.admin.activeAlerts", defaultMessage: "Active Alerts" })),
            count(s.activeAlerts),
            say(
              defineMessage({
                id: "dashboard.admin.highOrCriticalUnresolved",
                defaultMessage: "High or critical, unresolved",
              }),
            ),
            "/analytics",
            "alert",
          ],
        ]),
        toolsTitle: say(
          defineMessage({ id: "dashboard.admin.administrationTools", defaultMessage: "Administration Tools" }),
        ),
        tools: tools([
          [
            say(defineMessage({ id: "dashboard.admin.userManagement", defaultMessage: "User Management" })),
            say(
              defineMessage({
                id: "dashboard.admin.accountsRolesAndAccess",
                defaultMessage: "Accounts, roles and access",
              }),
            ),
            "/coming-soon/user-management",
            "users",
          ],
          [
            say(defineMessage({ id: "dashboard.admin.systemAnalytics", defaultMessage: "System Analytics" })),
            say(
              defineMessage({
                id: "dashboard.admin.usagePerformanceAndErrors",
                defaultMessage: "Usage, performance and errors",
              }),
            ),
            "/analytics",
            "chart",
          ],
          [
            say(defineMessage({ id: "dashboard.admin.securityMonitoring", defaultMessage: "Security Monitoring" })),
            say(
              defineMessage({
                id: "dashboard.admin.signInsRefusalsAnd",
                defaultMessage: "Sign-ins, refusals and threats",
              }),
            ),
            "/coming-soon/security-monitoring",
            "shield",
          ],
          [
            say(defineMessage({ id: "dashboard.admin.systemSettings", defaultMessage: "System Settings" })),
            say(
              defineMessage({ id: "dashboard.admin.platformConfiguration", defaultMessage: "Platform configuration" }),
            ),
            "/coming-soon/system-settings",
            "settings",
          ],
        ]),
        activityTitle: say(defineMessage({ id: "dashboard.admin.systemEvents", defaultMessage: "System Events" })),
        statusTitle: say(defineMessage({ id: "dashboard.admin.systemStatus", defaultMessage: "System Status" })),
        button: {
          label: say(
            defineMessage({ id: "dashboard.admin.viewSystemMonitoring", defaultMessage: "View System Monitoring" }),
          ),
          to: "/analytics",
        },
      };
    }
    case "verifier": {
      const s = dashboard.stats;
      return {
        subtitle: say(
          defineMessage({
            id: "dashboard.verifier.checkCredentialsAndManage",
            defaultMessage: "Check credentials and manage verification requests",
          }),
        ),
        cards: cards([
          [
            say(
              defineMessage({ id: "dashboard.verifier.pendingVerifications", defaultMessage: "Pending Verifications" }),
            ),
            count(s.pendingVerifications),
            say(
              defineMessage({
                id: "dashboard.verifier.openRequestsAwaitingA",
                defaultMessage: "Open requests awaiting a response",
              }),
            ),
            "/verifier-portal",
            "clock",
          ],
          [
            say(defineMessage({ id: "dashboard.verifier.completedToday", defaultMessage: "Completed Today" })),
            count(s.completedToday),
            say(
              defineMessage({
                id: "dashboard.verifier.presentationsVerifiedToday",
                defaultMessage: "Presentations verified today",
              }),
            ),
            "/verifier-portal",
            "check",
          ],
          [
            say(defineMessage({ id: "dashboard.verifier.successRate", defaultMessage: "Success Rate" })),
            formatPercent(s.successRate),
            say(
              defineMessage({
                id: "dashboard.verifier.presentationsFoundValid",
                defaultMessage: "Presentations found valid",
              }),
            ),
            "/analytics",
            "chart",
          ],
        ]),
        toolsTitle: say(
          defineMessage({ id: "dashboard.verifier.verificationTools", defaultMessage: "Verification Tools" }),
        ),
        tools: tools([
          [
            say(defineMessage({ id: "dashboard.verifier.verificationQueue", defaultMessage: "Verification Queue" })),
            say(
              defineMessage({
                id: "dashboard.verifier.requestsWaitingForA",
                defaultMessage: "Requests waiting for a citizen",
              }),
            ),
            "/verifier-portal",
            "inbox",
          ],
          [
            say(defineMessage({ id: "dashboard.verifier.scanCredentials", defaultMessage: "Scan Credentials" })),
            say(defineMessage({ id: "dashboard.verifier.checkAQrCode", defaultMessage: "Check a QR code in person" })),
            "/coming-soon/qr-scanner",
            "scan",
          ],
          [
            say(
              defineMessage({ id: "dashboard.verifier.verificationReports", defaultMessage: "Verification Reports" }),
            ),
            say(defineMessage({ id: "dashboard.verifier.resultsAndReceipts", defaultMessage: "Results and receipts" })),
            "/analytics",
            "file",
          ],
          [
            say(defineMessage({ id: "dashboard.verifier.approvalWorkflows", defaultMessage: "Approval Workflows" })),
            say(
              defineMessage({
                id: "dashboard.verifier.multiStepChecksAnd",
                defaultMessage: "Multi-step checks and sign-off",
              }),
            ),
            "/coming-soon/workflows",
            "workflow",
          ],
        ]),
        activityTitle: say(
          defineMessage({ id: "dashboard.verifier.recentVerifications", defaultMessage: "Recent Verifications" }),
        ),
        statusTitle: say(
          defineMessage({ id: "dashboard.verifier.verificationStatus", defaultMessage: "Verification Status" }),
        ),
        button: {
          label: say(
            defineMessage({
              id: "dashboard.verifier.manageVerificationTools",
              defaultMessage: "Manage Verification Tools",
            }),
          ),
          to: "/verifier",
        },
      };
    }
    case "operator": {
      const s = dashboard.stats;
      return {
        subtitle: say(
          defineMessage({
            id: "dashboard.operator.assistedDigitalSupportFor",
            defaultMessage: "Assisted digital support for citizens",
          }),
        ),
        cards: cards([
          [
            say(defineMessage({ id: "dashboard.operator.activeSessions", defaultMessage: "Active Sessions" })),
            count(s.activeSessions),
            say(
              defineMessage({
                id: "dashboard.operator.citizensBeingAssisted",
                defaultMessage: "Citizens being assisted",
              }),
            ),
            "/assisted-digital",
            "support",
          ],
          [
            say(defineMessage({ id: "dashboard.operator.requestsProcessed", defaultMessage: "Requests Processed" })),
            count(s.requestsProcessed),
            say(defineMessage({ id: "dashboard.operator.today", defaultMessage: "Today" })),
            "/assisted-digital",
            "check",
          ],
          [
            say(defineMessage({ id: "dashboard.operator.avgResponseTime", defaultMessage: "Avg Response Time" })),
            s.avgResponseTime === null
              ? say(defineMessage({ id: "dashboard.operator.noData", defaultMessage: "No data" }))
              : say(
                  defineMessage({
                    id: "dashboard.operator.minutes",
                    defaultMessage: "{minutes} min",
                    description: "An average time in minutes, e.g. '4.5 min'.",
                  }),
                  { minutes: s.avgResponseTime.toFixed(1) },
                ),
            say(
              defineMessage({
                id: "dashboard.operator.meanAssistedSessionLast",
                defaultMessage: "Mean assisted session, last 24 hours",
              }),
            ),
            "/analytics",
            "clock",
          ],
        ]),
        toolsTitle: say(defineMessage({ id: "dashboard.operator.supportTools", defaultMessage: "Support Tools" })),
        tools: tools([
          [
            say(defineMessage({ id: "dashboard.operator.citizenSupport", defaultMessage: "Citizen Support" })),
            say(
              defineMessage({
                id: "dashboard.operator.runAnAssistedSession",
                defaultMessage: "Run an assisted session",
              }),
            ),
            "/assisted-digital",
            "support",
          ],
          [
            say(defineMessage({ id: "dashboard.operator.processRequests", defaultMessage: "Process Requests" })),
            say(
              defineMessage({
                id: "dashboard.operator.workThroughPendingRequests",
                defaultMessage: "Work through pending requests",
              }),
            ),
            "/coming-soon/process-requests",
            "inbox",
          ],
          [
            say(defineMessage({ id: "dashboard.operator.helpDesk", defaultMessage: "Help Desk" })),
            say(
              defineMessage({
                id: "dashboard.operator.questionsAndKnownIssues",
                defaultMessage: "Questions and known issues",
              }),
            ),
            "/coming-soon/help-desk",
            "help",
          ],
          [
            say(defineMessage({ id: "dashboard.operator.callCenter", defaultMessage: "Call Center" })),
            say(
              defineMessage({ id: "dashboard.operator.telephoneAssistance", defaultMessage: "Telephone assistance" }),
            ),
            "/coming-soon/call-center",
            "phone",
          ],
        ]),
        activityTitle: say(defineMessage({ id: "dashboard.operator.recentSupport", defaultMessage: "Recent Support" })),
        statusTitle: say(defineMessage({ id: "dashboard.operator.supportMetrics", defaultMessage: "Support Metrics" })),
        button: {
          label: say(
            defineMessage({ id: "dashboard.operator.openSupportDashboard", defaultMessage: "Open Support Dashboard" }),
          ),
          to: "/assisted",
        },
      };
    }
    default: {
      const s = dashboard.stats;
      return {
        subtitle: say(
          defineMessage({
            id: "dashboard.citizen.yourDigitalIdentityWallet",
            defaultMessage: "Your digital identity wallet",
          }),
        ),
        cards: cards([
          // The credentials the wallet lists (server/credentials/credentials.ts heldBy): the wallet and /credentials show the same number.
          [
            say(defineMessage({ id: "dashboard.citizen.myCredentials", defaultMessage: "My Credentials" })),
            count(s.myCredentials),
            say(
              defineMessage({
                id: "dashboard.citizen.myCredentialsDescription",
                defaultMessage: "In your wallet, including any revoked or expired",
              }),
            ),
            "/credentials",
            "badge",
          ],
          [
            say(defineMessage({ id: "dashboard.citizen.recentShares", defaultMessage: "Recent Shares" })),
            count(s.recentShares),
            say(
              defineMessage({
                id: "dashboard.citizen.timesYourCredentialsWere",
                defaultMessage: "Times your credentials were shared",
              }),
            ),
            "/shares",
            "share",
          ],
          [
            say(defineMessage({ id: "dashboard.citizen.profileStatus", defaultMessage: "Profile Status" })),
            say(defineMessage({ id: "dashboard.citizen.percent", defaultMessage: "{value}%" }), {
              value: s.profileStatus,
            }),
            say(defineMessage({ id: "dashboard.citizen.profileComplete", defaultMessage: "Profile complete" })),
            "/profile",
            "user",
          ],
        ]),
        toolsTitle: say(defineMessage({ id: "dashboard.citizen.quickActions", defaultMessage: "Quick Actions" })),
        tools: tools([
          [
            say(defineMessage({ id: "dashboard.citizen.myWallet", defaultMessage: "My Wallet" })),
            say(
              defineMessage({
                id: "dashboard.citizen.seeAndManageYour",
                defaultMessage: "See and manage your credentials",
              }),
            ),
            "/wallet",
            "wallet",
          ],
          [
            say(defineMessage({ id: "dashboard.citizen.requestCredential", defaultMessage: "Request Credential" })),
            say(
              defineMessage({
                id: "dashboard.citizen.askAnAuthorityTo",
                defaultMessage: "Ask an authority to issue one",
              }),
            ),
            "/wallet?action=request",
            "plus",
          ],
          [
            say(defineMessage({ id: "dashboard.citizen.shareCredentials", defaultMessage: "Share Credentials" })),
            say(
              defineMessage({
                id: "dashboard.citizen.proveOnlyWhatA",
                defaultMessage: "Prove only what a check needs",
              }),
            ),
            "/wallet?action=share",
            "share",
          ],
          [
            say(defineMessage({ id: "dashboard.citizen.myProfile", defaultMessage: "My Profile" })),
            say(
              defineMessage({
                id: "dashboard.citizen.yourDetailsAndSecurity",
                defaultMessage: "Your details and security",
              }),
            ),
            "/profile",
            "user",
          ],
        ]),
        activityTitle: say(
          defineMessage({ id: "dashboard.citizen.recentActivity", defaultMessage: "Recent Activity" }),
        ),
        statusTitle: say(
          defineMessage({ id: "dashboard.citizen.myProfileStrength", defaultMessage: "My Profile Strength" }),
        ),
        button: {
          label: say(
            defineMessage({ id: "dashboard.citizen.completeYourProfile", defaultMessage: "Complete Your Profile" }),
          ),
          to: "/profile",
        },
      };
    }
  }
}
