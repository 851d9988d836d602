/**
 * Which copy of a credential the wallet shows a verifier (issue 22, ADR 045). A credential is
 * issued in several copies, each bound to its own key and on its own status index, so two
 * verifiers shown two different copies have nothing to link them but the claims disclosed.
 */

interface Copy {
  holderKeyThumbprint: string | null;
}

/**
 * The copy to show next: among those whose key this browser holds (`held`, by thumbprint), the
 * first never shown; when every one has been shown, the one shown longest ago (`shownAt`, ISO
 * times by thumbprint). Undefined when this browser holds the key of none.
 */
export function chooseCopy<C extends Copy>(
  copies: readonly C[],
  held: ReadonlySet<string>,
  shownAt: ReadonlyMap<string, string>,
): C | undefined {
  const mine = copies.filter((copy) => copy.holderKeyThumbprint !== null && held.has(copy.holderKeyThumbprint));
  const lastShown = (copy: C) => shownAt.get(copy.holderKeyThumbprint!) ?? "";
  return mine.reduce<C | undefined>(
    (best, copy) => (best && lastShown(best) <= lastShown(copy) ? best : copy),
    undefined,
  );
}
