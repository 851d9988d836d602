export declare const boundary: "The credentials core is pure and runs in the browser: no database, Remix, React, Hono or PDF packages (ADR 012)";
