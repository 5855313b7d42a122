/**
 * When a field's problem shows (src/shared/field.ts, problemOf), the rule contact-realtor and
 * property-text share, and the ids that describe a control.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nothing } from 'lit';
import { describedBy, problemOf } from '../../src/shared/field.js';

type P = 'required' | 'long';
const problems: Record<string, P | ''> = { name: 'required', text: 'long', ok: '' };

test('a problem stays quiet while the visitor has not left the field nor submitted', () => {
  const form = { problems, submitted: false };
  assert.equal(problemOf('name', form), undefined);
  assert.equal(problemOf('ok', form), undefined);
  assert.equal(problemOf('name', { ...form, touched: new Set(['name']) }), 'required');
  assert.equal(problemOf('name', { ...form, touched: new Set(['text']) }), undefined);
  assert.equal(problemOf('name', { ...form, submitted: true }), 'required');
  assert.equal(problemOf('ok', { ...form, submitted: true }), undefined);
});

test('a problem of the atOnce kind shows while typing', () => {
  assert.equal(problemOf('text', { problems, submitted: false }), undefined);
  assert.equal(problemOf('text', { problems, submitted: false, atOnce: ['long'] }), 'long');
  assert.equal(problemOf('name', { problems, submitted: false, atOnce: ['long'] }), undefined);
});

test("the service's refusal shows until the field's own problem does", () => {
  const form = { problems, submitted: false, refused: ['ok', 'name'] };
  assert.equal(problemOf('ok', form), 'refused');
  assert.equal(problemOf('other', form), undefined);
  assert.equal(problemOf('name', { ...form, submitted: true }), 'required');
});

test('a control is described by its hint and its message, by neither without them', () => {
  assert.equal(describedBy('x'), nothing);
  assert.equal(describedBy('x', 'Hinweis'), 'h-x');
  assert.equal(describedBy('x', '', 'Fehler'), 'e-x');
  assert.equal(describedBy('x', 'Hinweis', 'Fehler'), 'h-x e-x');
});
