/**
 * `multiple`'s code (multiple.ts: the chips, their keys and announcements), loaded the first
 * time an element sets `multiple`: a page that never sets it loads none of it.
 */
export type MultipleCode = typeof import('./multiple.js');
let loading: Promise<MultipleCode> | undefined;
let loaded: MultipleCode | undefined;

/**
 * Loads `multiple`'s code, once; a server awaits it before its first render (ssr.ts), so
 * that the chips of the places it was given are in the markup it sends.
 */
export function loadMultipleCode(): Promise<MultipleCode> {
  return (loading ??= import('./multiple.js').then((m) => (loaded = m)));
}

/** `multiple`'s code once it is here (a server render has it before it renders). */
export const multipleCode = (): MultipleCode | undefined => loaded;
