import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Primary keys are random UUIDs made by the runtime's CSPRNG (never Math.random). */
export const uuidPk = (name = "id") =>
  text(name)
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Instants are stored as Unix milliseconds; SQL default so rows written outside drizzle get one too. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const createdAt = (name = "created_at") =>
  timestamp(name).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** JSON documents stored as text, typed on the TypeScript side. */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

export const bool = (name: string) => integer(name, { mode: "boolean" });
