import { expect } from '@open-wc/testing';
import { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { PropertyText } from '../../src/elements/property-text/property-text.js';
import '../../src/define.js';
import { describe, it } from './helpers/mocha.js';

/**
 * A page (or a framework) that sets properties before an element's definition has run:
 * the plain accessors of the elements (geo-autocomplete's `selections` and `values`,
 * property-text's `data`) take them over when the element connects, as Lit's reactive
 * properties do. (The subclasses are defined under new tags only after the properties are
 * set, as a definition that arrives late.)
 */
describe('properties set before the definition', () => {
  it('geo-autocomplete: `selections` and `values`', async () => {
    const place = { entity: { type: 'city', id: '1276003001', label: 'Berlin' }, matches: [] };
    const one = document.createElement('late-geo-one') as GeoAutocomplete;
    one.selections = [place];
    const many = document.createElement('late-geo-many') as GeoAutocomplete;
    many.multiple = true;
    many.values = ['1276003001', '1276002007'];
    customElements.define('late-geo-one', class extends GeoAutocomplete {});
    customElements.define('late-geo-many', class extends GeoAutocomplete {});
    document.body.append(one, many);
    try {
      await one.updateComplete;
      expect(Object.prototype.hasOwnProperty.call(one, 'selections')).to.equal(false);
      expect(one.value).to.equal('1276003001');
      expect(one.shadowRoot!.querySelector('input')!.value).to.equal('Berlin');
      expect(many.values).to.deep.equal(['1276003001', '1276002007']);
    } finally {
      one.remove();
      many.remove();
    }
  });

  it('property-text: `data`', async () => {
    const el = document.createElement('late-property-text') as PropertyText;
    el.data = {
      realEstateType: 'apartment',
      transactionType: 'sale',
      apartmentDetails: { noRooms: 3 },
    } as PropertyText['data'];
    customElements.define('late-property-text', class extends PropertyText {});
    el.noDraft = true;
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(Object.prototype.hasOwnProperty.call(el, 'data')).to.equal(false);
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('[name=noRooms]')!.value).to.equal('3');
    } finally {
      el.remove();
    }
  });
});
