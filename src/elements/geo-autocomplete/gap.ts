/** Gap (px) between the field and the popup: where Floating UI places it, and where it goes without. */
export const GAP = 2;
