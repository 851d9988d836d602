import { json } from "@remix-run/cloudflare";

/** Any /api path no endpoint matches: a JSON 404 for API clients rather than the HTML not-found page. */
const notFound = () => json({ message: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

export const loader = notFound;
export const action = notFound;
