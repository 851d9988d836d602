/**
 * Remix v2 classic compiler building for Cloudflare Workers (ADR 001).
 * The server build is plain ESM for workerd; app/entry.worker.ts wraps it as the web worker.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  server: undefined,
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverDependenciesToBundle: "all",
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverMinify: false,
  postcss: true,
  tailwind: false,
  // Spec 000 §2 lists /citizen-wallet beside /wallet: the same page, one route module.
  routes: (defineRoutes) => defineRoutes((route) => route("citizen-wallet", "routes/wallet.tsx", { id: "routes/citizen-wallet" })),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
