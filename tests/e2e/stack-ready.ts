// Every browser test file's first step (the e2e project's setupFiles): its lane's stack has started.
import { beforeAll } from "vitest";
import { stackReady } from "./lane.ts";

// wrangler dev's own start-up deadlines (scripts/stack.ts) are 60 s and 30 s, after the seed.
beforeAll(stackReady, 180_000);
