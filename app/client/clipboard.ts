/**
 * Copying text to the clipboard with the screen's own toast (spec 000 §8: "Link Copied" and the
 * like), or, when the browser refuses, a toast saying how to copy it by hand.
 */
import type { ToastFn } from "#app/components/ui/toast.tsx";

export async function copyText(
  text: string,
  toast: ToastFn,
  {
    title,
    description,
    failure = "Could not copy the link; select it and copy it by hand",
  }: { title: string; description: string; failure?: string },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title, description });
  } catch {
    toast({ title: "Error", description: failure, variant: "destructive" });
  }
}
