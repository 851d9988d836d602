/**
 * The direction of a value a person or an authority wrote (a name, an address, a phone number),
 * shown inside a page that may run the other way (docs/decisions/036-right-to-left.md).
 *
 * A value with letters takes its direction from its first strong letter (`auto`): a name typed in
 * Urdu reads right to left on an English page, an English name left to right on an Urdu page. A
 * value with no letters at all (a phone number, a date in figures) has nothing for `auto` to go
 * by and would take the page's direction, where "+44 7700 900123" shows its groups in reverse: it
 * reads left to right.
 */
export function valueDirection(value: string): "ltr" | "auto" {
  return /\p{L}/u.test(value) ? "auto" : "ltr";
}
