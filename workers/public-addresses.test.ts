import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WORKER_CONFIGS } from "#scripts/stack.ts";

/**
 * The web worker is the one front door (docs/deploy.md "Routes in production"): every other
 * worker is reached only through its bindings, so none may have a workers.dev address or preview
 * URLs of its own, where the web worker's checks (CSRF, the route table, the edge) do not run.
 */
const setting = (config: string, name: string) =>
  new RegExp(`^${name}\\s*=\\s*(true|false)\\s*$`, "m").exec(readFileSync(config, "utf8"))?.[1];

describe("public addresses", () => {
  it.each(WORKER_CONFIGS.filter((config) => config !== "wrangler.toml"))(
    "%s has no workers.dev address and no preview URLs",
    (config) => {
      expect(setting(config, "workers_dev")).toBe("false");
      expect(setting(config, "preview_urls")).toBe("false");
    },
  );
});
