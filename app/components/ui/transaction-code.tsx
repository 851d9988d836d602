/**
 * An OpenID4VCI offer's transaction code (ADR 045), shown apart from its QR code: six digits in
 * two groups of three, large, always left to right (ADR 036). Copied, it is the digits alone (the
 * groups are spaced by a margin, not a space); a screen reader reads it digit by digit rather
 * than as two numbers. The /wallet offer dialog and the assisted console's offers both show it.
 */
export function TransactionCode({ code, testId }: { code: string; testId: string }) {
  return (
    <p className="my-2" data-testid={testId} data-code={code}>
      <span dir="ltr">
        <span aria-hidden="true" className="font-mono text-4xl font-bold tracking-widest">
          <span>{code.slice(0, 3)}</span>
          <span className="ms-4">{code.slice(3)}</span>
        </span>
        <span className="sr-only">{code.split("").join(" ")}</span>
      </span>
    </p>
  );
}
