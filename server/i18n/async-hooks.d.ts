// workerd's node:async_hooks (nodejs_compat, wrangler.toml): the one member the server uses, as
// the server layer's types are workerd's, not Node's (server/tsconfig.json).
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
