import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sql } from "drizzle-orm";

export async function loader({ context }: LoaderFunctionArgs) {
  const rows = await context.db.all<{ n: number }>(sql`select count(*) as n from users`);
  return json({ users: Number(rows[0]?.n ?? 0) });
}

export default function Index() {
  const { users } = useLoaderData<typeof loader>();
  return <h1 className="text-2xl">UK Digital Identity ({users})</h1>;
}
