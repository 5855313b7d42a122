// Where geo-autocomplete's popup goes (src/elements/geo-autocomplete/floating.ts, loaded on
// demand): its Floating UI middleware run by @floating-ui/core's computePosition (the engine
// of @floating-ui/dom, whose middleware are core's) on a stand-in platform (the field's
// viewport rectangle, the visible part of the viewport, a popup of a given natural height),
// so that the placement rules are checked without a browser. The browser tests place the
// real popup in three engines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as core from '@floating-ui/core';
import {
  MAX_H,
  middleware,
  placed,
  type Anchor,
} from '../../src/elements/geo-autocomplete/floating.js';
import { GAP } from '../../src/elements/geo-autocomplete/position.js';

interface Field {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

/** The popup's place and size as floating.ts sets them when it opens (`natural`: its content's height). */
async function place(field: Field, vTop: number, vHeight: number, natural = 600, vWidth = 1000) {
  const style: Record<string, string> = { width: `${field.width}px`, maxHeight: '' }; // as on opening: the field's width, the stylesheet's max-height
  const anchor: Anchor = { top: 0 };
  const dims = () => ({
    width: parseFloat(style.width!),
    height: Math.min(natural, parseFloat(style.maxHeight!) || MAX_H),
  });
  const platform = {
    getElementRects: async () => ({
      reference: {
        x: field.left,
        y: field.top,
        width: field.width,
        height: field.bottom - field.top,
      },
      floating: { x: 0, y: 0, ...dims() },
    }),
    getDimensions: async () => dims(),
    getClippingRect: async () => ({ x: 0, y: vTop, width: vWidth, height: vHeight }),
  };
  const r = await core.computePosition(
    {},
    {},
    {
      platform,
      strategy: 'fixed',
      placement: 'bottom-start',
      middleware: middleware(style, anchor, GAP) as never,
    },
  );
  const p = placed(r, anchor);
  return {
    left: parseFloat(p.left),
    top: parseFloat(p.top),
    width: parseFloat(style.width!),
    maxHeight: parseFloat(style.maxHeight!),
    up: p.transform === 'translateY(-100%)',
    hidden: p.visibility === 'hidden',
  };
}

const field = { top: 100, bottom: 144, left: 20, width: 300 };

describe('geo popup placement (Floating UI middleware)', () => {
  it('goes under the field, as wide as it, capped at 360 px', async () => {
    assert.deepEqual(await place(field, 0, 800), {
      left: 20,
      top: 144 + GAP,
      width: 300,
      maxHeight: 360,
      up: false,
      hidden: false,
    });
  });
  it('turns upwards when the room below is short and there is more above: anchored by its bottom edge at the field, capped to that room', async () => {
    const low = { top: 600, bottom: 644, left: 0, width: 200 };
    assert.deepEqual(await place(low, 0, 700), {
      left: 0,
      top: 600 - GAP,
      width: 200,
      maxHeight: 360,
      up: true,
      hidden: false,
    });
    assert.equal(
      (await place(low, 0, 700, 40)).up,
      false,
      'a short list that fits below stays below',
    );
    const mid = { top: 300, bottom: 344, left: 0, width: 200 };
    assert.deepEqual(
      await place(mid, 0, 700),
      {
        left: 0,
        top: 344 + GAP,
        width: 200,
        maxHeight: 700 - 344 - GAP - 8,
        up: false,
        hidden: false,
      },
      'a long list that fits nowhere: the side with more room, capped to it',
    );
    assert.equal((await place(mid, 0, 600)).up, true, 'more room above');
    assert.equal((await place(mid, 0, 600)).maxHeight, 300 - GAP - 8);
  });
  it('measures against the visual viewport (a virtual keyboard shrinks it), never below 96 px', async () => {
    const p = await place(field, 0, 300);
    assert.equal(p.up, false, 'more room below than above');
    assert.equal(p.maxHeight, 300 - 144 - GAP - 8);
    assert.equal((await place({ top: 10, bottom: 54, left: 0, width: 100 }, 0, 120)).maxHeight, 96);
    // scrolled visual viewport (pinch zoom): its offset counts
    assert.equal((await place(field, 50, 300)).maxHeight, 50 + 300 - 144 - GAP - 8);
  });
  it('stays inside the viewport across; hidden while the field is out of sight', async () => {
    assert.equal(
      (await place({ ...field, left: -40 }, 0, 800)).left,
      0,
      'shifted in from the left edge',
    );
    assert.equal(
      (await place({ ...field, left: 900 }, 0, 800)).left,
      1000 - 300,
      'shifted in from the right edge',
    );
    assert.equal(
      (await place({ top: -200, bottom: -156, left: 20, width: 300 }, 0, 800)).hidden,
      true,
      'field scrolled out above',
    );
  });
});
