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
  // Minified (ADR 035): the catalogs and the PDFs' fonts (ADR 037) took the server build past the
  // 8 MiB a WebSocket message may carry between vitest and workerd, and the deployed worker is smaller.
  serverMinify: true,
  postcss: true,
  tailwind: false,
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      // Spec 000 §2 lists /citizen-wallet beside /wallet: the same page, one route module.
      route("citizen-wallet", "routes/wallet.tsx", { id: "routes/citizen-wallet" });
      // And /verifier-portal beside /verifier: the Verifier Portal, one route module.
      route("verifier-portal", "routes/verifier.tsx", { id: "routes/verifier-portal" });
      // And /assisted-digital beside /assisted: the operator console, one route module.
      route("assisted-digital", "routes/assisted.tsx", { id: "routes/assisted-digital" });
      // A share link with something missing or added (/verify, /verify/x/y) is still a share
      // link: the verify page's own "This link is not valid", not the developer 404.
      route(":lang?/verify/*", "routes/($lang).verify.$shareId.tsx", { id: "routes/verify-malformed" });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
