import { useEffect, useState } from "react";

/**
 * True once React has hydrated the page. Before that (and without JavaScript) there is no toast
 * and no clipboard: pages show the server's notices and plain links instead.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
