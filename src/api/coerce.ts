/**
 * Lenient readers for the generic trees both media types are normalised to (XML via
 * xml.ts, JSON as sent). The server maps XML to JSON mechanically, so a value may be a
 * string where a number or boolean is meant, and a one-item list may be a bare object.
 */
import { clip, TEXT_MAX } from '../shared/text.js';

export type Node = Record<string, unknown>;

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isObj(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Any list: missing → [], one item → [item], array → array. */
export function list(x: unknown): unknown[] {
  if (x === undefined || x === null || x === '') return [];
  return Array.isArray(x) ? x : [x];
}

/** A child object, or undefined. A collapsed single-item array is unwrapped. */
export function obj(x: unknown): Node | undefined {
  if (Array.isArray(x)) return x.length === 1 && isObj(x[0]) ? x[0] : undefined;
  return isObj(x) ? x : undefined;
}

/** Text of a leaf: strings, numbers, booleans, or an element's `#text`/`$`. */
export function text(x: unknown): string | undefined {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  if (typeof x === 'boolean') return String(x);
  if (Array.isArray(x) && x.length === 1) return text(x[0]);
  if (isObj(x)) {
    if ('#text' in x) return text(x['#text']);
    if ('$' in x) return text(x['$']);
  }
  return undefined;
}

/** A finite number from a number or a decimal string. */
export function num(x: unknown): number | undefined {
  if (typeof x === 'number') return Number.isFinite(x) ? x : undefined;
  const t = text(x)?.trim();
  if (!t || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A non-negative safe integer, or undefined. */
export function count(x: unknown): number | undefined {
  const n = num(x);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A boolean from true/false or the strings "true"/"false"/"1"/"0". */
export function bool(x: unknown): boolean | undefined {
  if (typeof x === 'boolean') return x;
  const t = text(x)?.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}

/**
 * An identifier as a string (ids are strings in the models whatever the wire type). A text
 * longer than any name is no id of this interface: cutting it would name another thing.
 */
export function id(x: unknown): string | undefined {
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : undefined;
  const t = text(x)?.trim();
  return t && t.length <= TEXT_MAX ? t : undefined;
}

/**
 * A name, label, title or code of an answer: trimmed, cut to `max` characters with an ellipsis
 * (docs/interface.md#limits), undefined when blank.
 */
export function name(x: unknown, max = TEXT_MAX): string | undefined {
  const t = text(x)?.trim();
  return t ? clip(t, max) : undefined;
}

/** The local part of a possibly prefixed type name (`common:City` → `City`). */
export function localName(x: string): string {
  const i = x.lastIndexOf(':');
  return i >= 0 ? x.slice(i + 1) : x;
}

/** Copies an own key onto a target without touching prototypes. */
export function safeSet(target: Node, key: string, value: unknown): void {
  if (UNSAFE_KEYS.has(key)) return;
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Only the string-valued keys of an object, trimmed and cut like a name, empty ones dropped. */
export function strings<K extends string>(
  x: unknown,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const o = obj(x);
  const out: Partial<Record<K, string>> = {};
  if (!o) return out;
  for (const k of keys) {
    const v = name(o[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Whether a value is worth sending: not undefined, null, blank, an empty list or an empty object. */
export function isPresent(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** The keys of `src` (in the order of `keys`) whose values are present, or undefined when none is (request bodies). */
export function pickPresent(
  src: Record<string, unknown> | undefined,
  keys: readonly string[],
): Record<string, unknown> | undefined {
  if (!src || typeof src !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (isPresent(src[k])) out[k] = src[k];
  return Object.keys(out).length ? out : undefined;
}
