/**
 * Request validation before anything is sent: the problem list every operation fills (the
 * operations' own checks are in ops/, beside each operation). Each check records a field
 * path and a short English reason, for developers (visitors read failure.ts's sentences);
 * the client turns a non-empty list into one ApiError of kind 'validation'.
 */
import { ApiError, type ApiMessage } from './errors.js';

export class Problems {
  readonly list: { field: string; why: string }[] = [];

  /** Records that `field` (a dotted path) is wrong and why, in a few English words. */
  add(field: string, why: string): void {
    this.list.push({ field, why });
  }

  /** Throws the collected problems as one ApiError. */
  throwIfAny(operation: string): void {
    if (!this.list.length) return;
    const messages: ApiMessage[] = this.list.map((p) => ({
      code: 'CLIENT_VALIDATION',
      text: `${p.field}: ${p.why}`,
      id: p.field,
    }));
    throw new ApiError({
      kind: 'validation',
      operation,
      messages,
      fields: [...new Set(this.list.map((p) => p.field))],
    });
  }

  required(field: string, value: unknown): value is string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(field, 'is required');
      return false;
    }
    return true;
  }

  oneOf(field: string, value: unknown, allowed: readonly string[]): void {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      this.add(field, `must be one of ${allowed.join(', ')}`);
    }
  }

  integer(field: string, value: unknown, min?: number, max?: number): void {
    if (
      typeof value !== 'number' ||
      !Number.isSafeInteger(value) ||
      (min !== undefined && value < min) ||
      (max !== undefined && value > max)
    ) {
      const range =
        min !== undefined && max !== undefined
          ? ` ${min} … ${max}`
          : min !== undefined
            ? ` ≥ ${min}`
            : '';
      this.add(field, `must be an integer${range}`);
    }
  }

  number(field: string, value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.add(field, 'must be a number');
  }

  boolean(field: string, value: unknown): void {
    if (typeof value !== 'boolean') this.add(field, 'must be true or false');
  }

  string(field: string, value: unknown, max?: number): void {
    if (typeof value !== 'string') {
      this.add(field, 'must be a string');
    } else if (max !== undefined && charLength(value) > max) {
      this.add(field, `must be at most ${max} characters long`);
    }
  }
}

/** Length in characters (code points), as XML Schema counts it. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A day.month.year date that exists in the calendar (1.2.2025 and 01.02.2025 both pass). */
export function isGermanDate(s: string): boolean {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** Decimal with comma and exactly two decimals, e.g. `1500,00`. */
export const DECIMAL_COMMA = /^\d+,\d{2}$/;

/** A value that counts as given: not undefined, null or blank. */
export const has = (v: unknown) =>
  v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** A path segment: required, sent percent-encoded. */
export function validateId(field: string, v: unknown, p: Problems): void {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return;
  p.required(field, v);
}
