// `npm start`: build, then run the whole product locally until Ctrl-C.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed.ts";
import { buildRemix } from "./build.ts";
import { type Stack, startStack } from "./stack.ts";

const started = Date.now();
// Ctrl-C is honoured from the first moment: during start-up it aborts, afterwards it stops the stack.
const interrupted = new AbortController();
let stopStack: (() => Promise<void>) | undefined;
let startingStack = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (interrupted.signal.aborted) return;
    interrupted.abort();
    if (stopStack) await stopStack();
    // While the stack is starting, startStack sees the abort, stops what it started, and exits below.
    else if (startingStack) return;
    process.exit(0);
  });
}

await buildRemix();
let stack: Stack;
startingStack = true;
try {
  stack = await startStack({
    dataDir: ".data",
    webPort: Number(process.env.PORT ?? 8787),
    libsqlPort: Number(process.env.LIBSQL_PORT ?? 8080),
    inheritOutput: true,
    signal: interrupted.signal,
  });
} catch (error) {
  console.error(interrupted.signal.aborted ? "Stopped." : (error as Error).message);
  process.exit(interrupted.signal.aborted ? 0 : 1);
  throw error; // not reached: tells the type checker `stack` is set below
}
stopStack = stack.stop;

console.log(`
  UK Digital Identity is running at ${stack.url.replace("127.0.0.1", "localhost")}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Local libSQL (Hrana over HTTP): ${stack.libsqlUrl}   database file: .data/local.db

  Demo accounts (password for all: ${DEMO_PASSWORD})
${DEMO_ACCOUNTS.map((a) => `    ${a.username.padEnd(10)} ${a.role.padEnd(9)} ${a.firstName} ${a.lastName}`).join("\n")}

  Press Ctrl-C to stop.
`);

// If wrangler dies on its own, don't leave a half-running product behind.
const code = await stack.exited;
if (!interrupted.signal.aborted) {
  console.error(`wrangler dev exited (${code}); stopping.`);
  await stack.stop();
  process.exit(1);
}
