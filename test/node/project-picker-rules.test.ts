// project-picker's DOM-free rules (src/elements/project-picker/rules.ts): the partner's facts,
// room in a project, checks before an add is sent, the explanation of a refused listing and
// the search over the user's listings, in the German sentences the element shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/api/errors.js';
import type { OwnRealEstate, ProjectEntryResult } from '../../src/api/index.js';
import {
  addRefusal,
  addressLine,
  addRule,
  factsOf,
  fitsText,
  isRefusal,
  listingTitle,
  parseFacts,
  projectName,
  projectState,
  refusalContext,
  refusedItems,
  roomLeft,
  searchListings,
  usageParts,
  whyRefused,
  type RefusalContext,
} from '../../src/elements/project-picker/rules.js';
import { STRINGS } from '../../src/elements/project-picker/strings.js';

const s = STRINGS.de;
const BASIC = { published: true, product: 'BASIC' } as const;
const own: OwnRealEstate[] = [
  {
    id: '81',
    title: 'Altbau mit Balkon',
    type: 'r:ApartmentBuy',
    published: true,
    address: { street: 'Kanalstraße', houseNumber: '3', postcode: '10999', city: 'Berlin' },
  },
  { id: '82', title: 'Entwurf', type: 'HouseRent', published: false },
  { id: '83', title: 'Ohne Angabe' },
];

describe('project-picker rules: facts and room', () => {
  it('reads project-facts JSON, and ignores anything but an object', () => {
    assert.deepEqual(parseFacts('{"7":{"published":true}}'), { '7': { published: true } });
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (const bad of ['[1]', 'null', '{oops', '"x"']) assert.equal(parseFacts(bad), undefined);
    } finally {
      console.warn = warn;
    }
    assert.equal(parseFacts(null), undefined);
    assert.deepEqual(factsOf({ '7': 'x' as never }, '7'), {});
    assert.deepEqual(factsOf(undefined, '7'), {});
  });

  it('a BASIC project takes 15; without a product or a count there is no known limit', () => {
    assert.equal(roomLeft(BASIC, 12), 3);
    assert.equal(roomLeft(BASIC, 20), 0);
    assert.equal(roomLeft(BASIC, undefined), Infinity);
    assert.equal(roomLeft({ product: 'PREMIUM' }, 40), Infinity);
    assert.equal(addRule(BASIC, 15, s), s.fullRule(15));
    assert.equal(addRule({ published: false }, 0, s), s.unpublishedRule);
    assert.equal(addRule(BASIC, 14, s), '');
    assert.equal(fitsText(BASIC, 1, s), s.fits(1));
    assert.equal(fitsText({ published: true, product: 'PREMIUM' }, Infinity, s), s.fitsUnlimited);
    assert.equal(fitsText({ product: 'PREMIUM' }, Infinity, s), s.fitsUnknown);
  });

  it('the usage line: product and count, or units and city while the count is unknown', () => {
    const p = { id: '7', numberOfHousingUnit: 18, address: { city: 'Leipzig' } };
    assert.deepEqual(usageParts(p, BASIC, 12, s), ['BASIC', '12 / 15 Einträge']);
    assert.deepEqual(usageParts(p, {}, undefined, s), ['18 Wohneinheiten', 'Leipzig']);
  });
});

describe('project-picker rules: a project as the panes show it', () => {
  const p = { id: '7', name: 'Am Kanal', numberOfHousingUnit: 18, address: { city: 'Leipzig' } };

  it('a BASIC project with a read count: room, no rule, its state, usage and room as a sentence', () => {
    assert.deepEqual(projectState(p, { '7': BASIC }, 12, s), {
      facts: BASIC,
      count: 12,
      room: 3,
      rule: '',
      state: s.published,
      usage: ['BASIC', '12 / 15 Einträge'],
      fits: s.fits(3),
    });
  });

  it('a full BASIC project takes nothing, and says why', () => {
    const known = projectState(p, { '7': BASIC }, 15, s);
    assert.equal(known.room, 0);
    assert.equal(known.rule, s.fullRule(15));
  });

  it('without facts and while its entries are not read: no state, no limit, the service checks', () => {
    assert.deepEqual(projectState(p, { '8': BASIC }, undefined, s), {
      facts: {},
      count: undefined,
      room: Infinity,
      rule: '',
      state: '',
      usage: ['18 Wohneinheiten', 'Leipzig'],
      fits: s.fitsUnknown,
    });
  });

  it('an unpublished project takes nothing', () => {
    const known = projectState(p, { '7': { published: false } }, 2, s);
    assert.equal(known.rule, s.unpublishedRule);
    assert.equal(known.state, s.unpublished);
  });

  it("names: a project's name, else its title, else its id; a listing's title, else its id", () => {
    assert.equal(projectName(p, s), 'Am Kanal');
    assert.equal(projectName({ id: '7', title: 'Kanalhöfe' }, s), 'Kanalhöfe');
    assert.equal(projectName({ id: '7', name: '', title: '' }, s), s.project('7'));
    // Text from an answer is clipped (src/shared/text.ts).
    assert.match(projectName({ id: '7', name: 'x'.repeat(100_000) }, s), /^x+…$/);
    const byId = new Map(own.map((o) => [o.id, o]));
    assert.equal(listingTitle(byId, '81', s), 'Altbau mit Balkon');
    assert.equal(listingTitle(byId, '99', s), s.listing('99'));
    assert.equal(listingTitle(undefined, '81', s), s.listing('81'));
  });
});

describe('project-picker rules: an add', () => {
  const byId = new Map(own.map((o) => [o.id, o]));
  const ctx = { facts: BASIC, count: 13, inProject: new Set(['71']), own: byId };
  it('refuses before sending only what it knows, in this order', () => {
    assert.equal(addRefusal([], ctx, s), s.chooseFirst);
    assert.equal(addRefusal(['81'], { ...ctx, facts: { published: false } }, s), s.unpublishedRule);
    assert.equal(addRefusal(['81', '71'], ctx, s), s.alreadyIn('71'));
    assert.equal(addRefusal(['82'], ctx, s), s.listingUnpublished('82'));
    assert.equal(addRefusal(['81', '83', '99'], ctx, s), s.tooMany(3, 2));
    assert.equal(addRefusal(['81'], { ...ctx, count: 15 }, s), s.fullRule(15));
    assert.equal(addRefusal(['81', '83'], ctx, s), '');
    assert.equal(addRefusal(['81', '83', '99'], { ...ctx, facts: {} }, s), '');
  });

  it('a refusal of the whole request is one result per listing, with the message naming it', () => {
    const e = new ApiError({
      kind: 'http',
      status: 400,
      messages: [
        { code: 'ERROR_RESOURCE_VALIDATION', text: 'first' },
        { code: 'ERROR_RESOURCE_NOT_FOUND', text: 'gone', id: '99' },
      ],
    });
    assert.ok(isRefusal(e));
    assert.ok(!isRefusal(new ApiError({ kind: 'http', status: 500 })));
    assert.ok(!isRefusal(new ApiError({ kind: 'network' })));
    assert.deepEqual(
      refusedItems(['81', '99'], e.messages).map((x) => x.messageCode),
      ['ERROR_RESOURCE_VALIDATION', 'ERROR_RESOURCE_NOT_FOUND'],
    );
    assert.deepEqual(refusedItems(['81'], []), [{ realEstateId: '81', ok: false }]);
  });

  it('explains a refused listing from its code and from what the picker knows', () => {
    const x = (code?: string, id = '81'): ProjectEntryResult => ({
      realEstateId: id,
      ok: false,
      ...(code ? { messageCode: code } : {}),
    });
    const c: RefusalContext = { facts: {}, own: byId, before: 14, added: 0, now: 14 };
    const V = 'ERROR_RESOURCE_VALIDATION';
    assert.equal(whyRefused(x(), c, s), s.whyNoAnswer);
    assert.equal(whyRefused(x('ERROR_RESOURCE_NOT_FOUND'), c, s), s.whyNotFound);
    assert.equal(whyRefused(x('ERROR_COMMON_ACCESS_DENIED'), c, s), s.whyForeign);
    assert.equal(whyRefused(x('ERROR_RESOURCE_DUPLICATE'), c, s), s.alreadyIn('81'));
    assert.equal(whyRefused(x(V, '82'), c, s), s.listingUnpublished('82'));
    assert.equal(whyRefused(x(V), { ...c, facts: { published: false } }, s), s.unpublishedRule);
    assert.equal(whyRefused(x(V), { ...c, added: 1 }, s), s.whyFullIfBasic(15, 15));
    assert.equal(whyRefused(x(V), { ...c, facts: BASIC, added: 1 }, s), s.fullRule(15));
    assert.equal(whyRefused(x(V), c, s), s.whyUnpublished);
    assert.equal(
      whyRefused(x(V), { ...c, before: undefined, now: undefined }, s),
      s.whyUnknown(15),
    );
    assert.equal(whyRefused(x(V), { ...c, facts: { published: true } }, s), s.whyUnknown(15));
  });

  it("explains an add's refusals from its results and the project's state now", () => {
    const r = {
      projectId: '7',
      items: [
        { realEstateId: '81', ok: true },
        { realEstateId: '83', ok: false, messageCode: 'ERROR_RESOURCE_VALIDATION' },
      ],
      before: 14,
    };
    const known = projectState({ id: '7' }, { '7': BASIC }, 15, s);
    const c = refusalContext(r, known, byId);
    assert.deepEqual(c, { facts: BASIC, own: byId, before: 14, added: 1, now: 15 });
    assert.equal(whyRefused(r.items[1]!, c, s), s.fullRule(15));
  });
});

describe('project-picker rules: the search over the user listings', () => {
  it('every word must occur in title, id, type or address; case and accents do not count', () => {
    const ids = (q: string) => searchListings(own, q, s).map((o) => o.id);
    assert.deepEqual(ids(''), ['81', '82', '83']);
    assert.deepEqual(ids('kanalstrasse'), []);
    assert.deepEqual(ids('KANALSTRAßE berlin'), ['81']);
    assert.deepEqual(ids('eigentumswohnung'), ['81']);
    assert.deepEqual(ids('haus miete'), ['82']);
    assert.deepEqual(ids('83'), ['83']);
    assert.deepEqual(ids('balkon 82'), []);
    assert.equal(addressLine(own[0]!.address), 'Kanalstraße 3, 10999 Berlin');
    assert.equal(addressLine({ city: 'Berlin' }), 'Berlin');
    assert.equal(addressLine(undefined), '');
  });
});
