// Resolved (tsconfig "paths") in place of a package the db layer must not import; the type error
// below is the message a developer sees (ADR 012).
export const boundary: "The database layer knows no web framework: no Remix, React or Hono (ADR 012)" =
  "this package is not allowed here";
