import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: {
    url: process.env.LIBSQL_URL ?? "file:.data/local.db",
    authToken: process.env.LIBSQL_AUTH_TOKEN,
  },
});
