// `npm start`: build, then run the whole product locally until Ctrl-C.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed.ts";
import { run } from "./process.ts";
import { startStack } from "./stack.ts";

const started = Date.now();
await run("npx", ["remix", "build"]);
const stack = await startStack({
  dataDir: ".data",
  webPort: Number(process.env.PORT ?? 8787),
  libsqlPort: Number(process.env.LIBSQL_PORT ?? 8080),
  inheritOutput: true,
});

console.log(`
  UK Digital Identity is running at ${stack.url.replace("127.0.0.1", "localhost")}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Local libSQL (Hrana over HTTP): ${stack.libsqlUrl}   database file: .data/local.db

  Demo accounts (password for all: ${DEMO_PASSWORD})
${DEMO_ACCOUNTS.map((a) => `    ${a.username.padEnd(10)} ${a.role.padEnd(9)} ${a.firstName} ${a.lastName}`).join("\n")}

  Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  });
}
