import { spawn, type SpawnOptions } from "node:child_process";

/** Quiet, offline wrangler: no Request.cf download, no metrics (TOOLCHAIN.md). */
export const WRANGLER_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/** Runs a command to completion, inheriting stdio; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: "inherit",
      ...options,
      env: { ...process.env, ...WRANGLER_ENV, ...options.env },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code ?? signal}`)),
    );
  });
}
