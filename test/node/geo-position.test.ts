// Where geo-autocomplete's popup goes (src/elements/geo-autocomplete/position.ts, pure part).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { place } from '../../src/elements/geo-autocomplete/position.js';

const field = { top: 100, bottom: 144, left: 20, width: 300 };

describe('geo popup placement', () => {
  it('goes under the field, as wide as it, capped at 360 px', () => {
    assert.deepEqual(place(field, 0, 800), { left: 20, top: 146, width: 300, maxHeight: 360, up: false });
  });
  it('turns upwards when the room below is short and there is more above; capped to that room', () => {
    const low = { top: 600, bottom: 644, left: 0, width: 200 };
    assert.deepEqual(place(low, 0, 700), { left: 0, top: 598, width: 200, maxHeight: 360, up: true });
    assert.equal(place(low, 0, 700, 48).up, false, 'a short list that fits below stays below');
  });
  it('measures against the visual viewport (a virtual keyboard shrinks it), never below 96 px', () => {
    const p = place(field, 0, 300);
    assert.equal(p.up, false);
    assert.equal(p.maxHeight, 300 - 144 - 8);
    assert.equal(place({ top: 10, bottom: 54, left: 0, width: 100 }, 0, 120).maxHeight, 96);
    // scrolled visual viewport (pinch zoom): its offset counts
    assert.equal(place(field, 50, 300).maxHeight, 50 + 300 - 144 - 8);
  });
});
