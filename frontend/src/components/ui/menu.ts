/** The look of a dropdown menu's panel (Radix `DropdownMenu.Content`), the same in every menu:
 * the header's user menu, a member's tools, a survey's actions. */
export const menuContent = "z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg";
