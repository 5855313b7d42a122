// <property-text> with `data` larger than any real request: an open field with 10,000 values
// passed in, values and unknown keys of 5,000 and 60,000 characters. It shows twenty of the
// values (the rest stay selected and are counted), option labels and the data message
// shortened. The tests count rendered nodes; the time limit is only a generous ceiling.
import { fixture, html, expect } from '@open-wc/testing';
import '../../src/elements/property-text/define.js';
import { detailFields, isOpen } from '../../src/elements/property-text/model.js';
import type { PropertyText } from '../../src/elements/property-text/property-text.js';
import type { PropertyTextRequest } from '../../src/api/index.js';
import { TEXT_MAX } from '../../src/shared/text.js';
import { describe, it } from './helpers/index.js';

const openEnum = [...detailFields('apartment').values()].find(
  (d) => d.kind === 'enum' && isOpen(d),
)!;
const nodes = (el: Element) => el.shadowRoot!.querySelectorAll('*').length;

async function withData(data: unknown) {
  const el = await fixture<PropertyText>(html`<property-text lang="en"></property-text>`);
  const before = nodes(el);
  const t0 = performance.now();
  el.data = data as PropertyTextRequest;
  await el.updateComplete;
  return { el, before, ms: performance.now() - t0 };
}

describe('property-text with oversized data', () => {
  for (const size of [5_000, 60_000]) {
    it(`shows 10,000 values of an open field (${size} characters each for some) bounded`, async function () {
      this.timeout(30000);
      const values = Array.from({ length: 10_000 }, (_, i) =>
        i % 1000 ? `FUEL_${i}` : `${i}${'w'.repeat(size)}`,
      );
      const unknown = Object.fromEntries(
        Array.from({ length: 10_000 }, (_, i) => [`${i}${'k'.repeat(i < 3 ? size : 5)}`, i]),
      );
      const { el, ms } = await withData({
        realEstateType: 'apartment',
        transactionType: 'rent',
        location: { city: 'c'.repeat(size) },
        apartmentDetails: { firingType: values, [openEnum.name]: 'v'.repeat(size) },
        ...unknown,
      });
      expect(ms).to.be.below(5000);
      const root = el.shadowRoot!;
      const boxes = root.querySelectorAll<HTMLInputElement>('input[name=firingType]');
      const known = [...boxes].filter((b) => !b.value.startsWith('FUEL_') && !/^\d/.test(b.value));
      expect(boxes.length).to.equal(known.length + 20);
      expect([...boxes].filter((b) => b.checked)).to.have.length(20);
      const hint = boxes[0]!.closest('fieldset')!.querySelector('p.hint')!;
      expect(hint.textContent).to.equal('9,980 more values passed in stay selected and are sent.');
      for (const l of root.querySelectorAll('label.check'))
        expect(l.textContent!.length).to.be.at.most(TEXT_MAX + 10);
      // The open select's extra option: its label shortened, the text as a tooltip.
      const option = root.querySelector<HTMLSelectElement>(`select[name=${openEnum.name}]`)!
        .selectedOptions[0]!;
      expect(option.textContent).to.have.length(TEXT_MAX);
      expect(option.title).to.equal(option.textContent);
      // The message about unknown keys: the first names, shortened, bounded as a whole.
      const bad = root.querySelector('[data-bad]')!.textContent!;
      expect(bad.length).to.be.below(TEXT_MAX + 100);
      expect(nodes(el)).to.be.below(1500);
      // All 10,000 values are still what `data` describes and what is sent.
      expect(
        (el.data as { apartmentDetails?: { firingType?: string[] } } | undefined)?.apartmentDetails
          ?.firingType,
      ).to.have.length(10_000);
    });
  }

  it('unticks a shown value without losing the hidden ones', async function () {
    this.timeout(30000);
    const values = Array.from({ length: 10_000 }, (_, i) => `FUEL_${i}`);
    const { el } = await withData({
      realEstateType: 'apartment',
      transactionType: 'rent',
      apartmentDetails: { firingType: values },
    });
    el.shadowRoot!.querySelector<HTMLInputElement>('input[name=firingType][value=FUEL_0]')!.click();
    await el.updateComplete;
    const sent = (el.data as { apartmentDetails: { firingType: string[] } }).apartmentDetails
      .firingType;
    expect(sent).to.have.length(9_999);
    expect(sent).not.to.include('FUEL_0');
  });
});
