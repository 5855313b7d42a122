import type { ReactiveController, ReactiveControllerHost } from 'lit';

/*
 * A form's draft in sessionStorage: it survives a reload, and closing the tab ends it, so what
 * a visitor typed is not left on a shared computer and two tabs keep their own. One draft an
 * element and key, stored as `{"v": version, "data": …}` under `immo-<element>:draft:<key>`.
 * A stored draft that is broken, of another version or of another shape is read as none; a
 * storage that throws (a private mode, a sandboxed frame, a full quota) keeps no draft, and
 * the form works on without it.
 */

/** What the controller needs of a storage (sessionStorage; a stand-in in the Node tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored text of a draft. */
export const encodeDraft = (version: number, data: unknown): string =>
  JSON.stringify({ v: version, data });

/**
 * The data of a stored draft, checked by `read` (undefined: not a draft of this shape), or
 * undefined when there is none, it is not JSON, or it is of another version.
 */
export function decodeDraft<T>(
  raw: string | null | undefined,
  version: number,
  read: (data: unknown) => T | undefined,
): T | undefined {
  if (!raw) return undefined;
  let d: unknown;
  try {
    d = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof d !== 'object' || d === null || (d as { v?: unknown }).v !== version) return undefined;
  return read((d as { data?: unknown }).data);
}

/**
 * The entries of a stored object that a form can hold: strings and booleans, and with
 * `lists` arrays of strings (a group of checkboxes); anything else is left out.
 */
export function draftValues(
  from: unknown,
  lists = false,
): Record<string, string | boolean | string[]> {
  const out: Record<string, string | boolean | string[]> = {};
  if (typeof from !== 'object' || from === null || Array.isArray(from)) return out;
  for (const [k, v] of Object.entries(from)) {
    if (typeof v === 'string' || typeof v === 'boolean') out[k] = v;
    else if (lists && Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = [...v];
  }
  return out;
}

export interface DraftOptions<T> {
  /** The element's name, the first part of the storage key. */
  element: string;
  /** The draft's own key (a listing, a page), or undefined while the element keeps none. */
  key: () => string | undefined;
  /** The shape's version: a draft of another version is read as none. */
  version: number;
  /** The stored data checked and cleaned, or undefined when it is not a draft of this shape. */
  read: (data: unknown) => T | undefined;
  /** What to keep now, or undefined when there is nothing to keep (the draft is removed). */
  snapshot: () => T | undefined;
  /** The storage; sessionStorage by default. */
  storage?: () => DraftStorage;
}

/**
 * Keeps an element's draft: {@link restore} reads it for the element's key, and from then on
 * every update of the element stores what `snapshot()` gives, as long as the key stays the
 * same; a snapshot of nothing removes the draft (a sent or emptied form). Until the element
 * restores (its form is not there yet; a server's render is being taken over) nothing is
 * stored, so a draft is never overwritten before it was read; a new key (another listing)
 * stops the storing until the element restores again.
 */
export class DraftController<T> implements ReactiveController {
  readonly #o: DraftOptions<T>;
  /** The key restored and stored under, undefined before a restore. */
  #key: string | undefined;
  /** The text last stored (or read) under it, so an unchanged draft is not written again. */
  #stored: string | null = null;

  constructor(host: ReactiveControllerHost, options: DraftOptions<T>) {
    this.#o = options;
    host.addController(this);
  }

  #storage(): DraftStorage | undefined {
    try {
      return this.#o.storage?.() ?? sessionStorage;
    } catch {
      return undefined; // no sessionStorage here (a server, a sandboxed frame)
    }
  }

  #full(key: string): string {
    return `immo-${this.#o.element}:draft:${key}`;
  }

  /** The draft stored for the element's key (undefined: none), from now on kept up to date. */
  restore(): T | undefined {
    const key = this.#o.key();
    this.#key = key;
    this.#stored = null;
    if (key === undefined) return undefined;
    try {
      const raw = this.#storage()?.getItem(this.#full(key));
      this.#stored = raw ?? null;
      return decodeDraft(raw, this.#o.version, this.#o.read);
    } catch {
      return undefined;
    }
  }

  /** Stores the snapshot now (or removes the draft when it is undefined). */
  store(): void {
    const key = this.#o.key();
    if (key === undefined || key !== this.#key) {
      this.#key = undefined; // another key: stored only after the element restores it
      return;
    }
    const data = this.#o.snapshot();
    const text = data === undefined ? null : encodeDraft(this.#o.version, data);
    if (text === this.#stored) return;
    try {
      const storage = this.#storage();
      if (!storage) return;
      if (text === null) storage.removeItem(this.#full(key));
      else storage.setItem(this.#full(key), text);
      this.#stored = text;
    } catch {
      // storage full or refused: the form works on, it just does not survive a reload
    }
  }

  hostUpdated(): void {
    this.store();
  }
}
