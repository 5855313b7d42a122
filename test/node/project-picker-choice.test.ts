// project-picker's listing picker choice (src/elements/project-picker/choice.ts): what a click,
// Space or Enter on a listing and Ctrl+A on the list leave chosen within the project's room,
// and the notice and announcement of each step, in the German sentences the element shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OwnRealEstate } from '../../src/api/index.js';
import { chooseAll, toggleChoice } from '../../src/elements/project-picker/choice.js';
import { STRINGS } from '../../src/elements/project-picker/strings.js';

const s = STRINGS.de;
const listing = (id: string, published?: boolean): OwnRealEstate => ({
  id,
  title: `Angebot ${id}`,
  ...(published === undefined ? {} : { published }),
});
const [a, b, c, draft] = [
  listing('1', true),
  listing('2'),
  listing('3', true),
  listing('4', false),
];

describe('project-picker choice: one listing', () => {
  it('chooses a listing and clears the notice; a second time drops it', () => {
    assert.deepEqual(toggleChoice(a!, [], Infinity, s), { chosen: ['1'], notice: '' });
    assert.deepEqual(toggleChoice(a!, ['2', '1'], Infinity, s), { chosen: ['2'], notice: '' });
  });

  it('never chooses an unpublished listing: it is said, the notice stays', () => {
    const chosen = ['1'];
    const step = toggleChoice(draft!, chosen, Infinity, s);
    assert.deepEqual(step, { chosen, say: s.listingUnpublished('4') });
  });

  it('chooses no more than fit: the notice and the announcement name the room', () => {
    const step = toggleChoice(c!, ['1', '2'], 2, s);
    assert.deepEqual(step, {
      chosen: ['1', '2'],
      notice: s.limitReached(2),
      say: s.limitReached(2),
    });
    // A chosen listing can always be dropped, even when the project is full.
    assert.deepEqual(toggleChoice(b!, ['1', '2'], 0, s), { chosen: ['1'], notice: '' });
  });
});

describe('project-picker choice: Ctrl+A', () => {
  it('chooses every listing shown that can be added, keeping the order chosen', () => {
    const step = chooseAll([a!, b!, draft!, c!], ['3'], Infinity, s);
    assert.deepEqual(step, { chosen: ['3', '1', '2'], notice: '' });
  });

  it('stops at the room and says so', () => {
    const step = chooseAll([a!, b!, c!], [], 2, s);
    assert.deepEqual(step, {
      chosen: ['1', '2'],
      notice: s.limitReached(2),
      say: s.limitReached(2),
    });
  });

  it('with everything chosen already, nothing changes (the same list, the notice kept)', () => {
    const chosen = ['1', '2'];
    const step = chooseAll([a!, b!, draft!], chosen, 2, s);
    assert.equal(step.chosen, chosen);
    assert.deepEqual(step, { chosen });
  });
});
