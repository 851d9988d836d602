// Resolved (tsconfig "paths") in place of a package the core layer must not import; the type error
// below is the message a developer sees (ADR 012).
export const boundary: "The credentials core is pure and runs in the browser: no database, Remix, React, Hono or PDF packages (ADR 012)" =
  "this package is not allowed here";
