import type { EditableSection, ProfileItemKey } from "#core/profile/items.ts";

/** Opens a section's form in place (with `item`, only that item's fields); the fragment brings it into view. */
export const editPath = (section: EditableSection, item?: ProfileItemKey) =>
  `/profile?edit=${section}${item ? `&item=${item}` : ""}#edit-${section}`;
