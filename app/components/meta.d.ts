import type { MetaDescriptor } from "@remix-run/cloudflare";
export declare const SITE_NAME = "UK Digital Identity";
/**
 * Spec 001 §2: every page sets a document title and description, and the social (Open Graph)
 * title and description. One helper so no page forgets the social pair.
 */
export declare function pageMeta({ title, description }: {
    title: string;
    description: string;
}): MetaDescriptor[];
