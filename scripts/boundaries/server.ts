// Resolved (tsconfig "paths") in place of a package the server layer must not import; the type error
// below is the message a developer sees (ADR 012).
export const boundary: "The server layer serves every worker: no Remix or React (ADR 012)" =
  "this package is not allowed here";
