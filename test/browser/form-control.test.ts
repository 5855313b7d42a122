// The shared form-associated base (src/shared/form-control.ts): first on a small host, then
// on geo-autocomplete, the elements' form-associated control.
import { expect, fixture, html as fhtml, waitUntil } from '@open-wc/testing';
import { html } from 'lit';
import {
  FormControlElement,
  type FormInvalid,
  type FormValue,
  type ValidityChangeEvent,
} from '../../src/shared/form-control.js';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { describe, it, type } from './helpers/index.js';

/** A text field: submits its text under `name`, required when asked. */
class TestField extends FormControlElement {
  static override properties = {
    text: {},
    name: {},
    required: { type: Boolean },
    disabled: { type: Boolean },
  };
  text = '';
  name = 'f';
  required = false;
  disabled = false;
  resets = 0;
  protected formValue(): FormValue {
    return { value: this.text, state: `state:${this.text}` };
  }
  protected formInvalid(): FormInvalid | null {
    return this.required && !this.text
      ? { flags: { valueMissing: true }, message: 'Pflichtfeld' }
      : null;
  }
  protected formAnchor() {
    return this.renderRoot?.querySelector('input');
  }
  formResetCallback() {
    this.resets++;
    this.text = '';
  }
  formStateRestoreCallback(state: unknown) {
    this.text = String(state).replace('state:', '');
  }
  override render() {
    return html`<input aria-label="Feld" .value=${this.text} ?disabled=${this.isDisabled} />`;
  }
}
customElements.define('test-field', TestField);

describe('form-control: the shared base', () => {
  it('submits the value, validates, fires validity-change once per change, and setCustomValidity works', async () => {
    const form = await fixture<HTMLFormElement>(
      fhtml`<form><label for="t">Feld</label><test-field id="t" name="f" required></test-field></form>`,
    );
    const el = form.querySelector<TestField>('test-field')!;
    await el.updateComplete;
    expect(el.form).to.equal(form);
    expect(el.labels.length).to.equal(1);
    expect(el.willValidate).to.equal(true);
    expect(el.validity.valueMissing).to.equal(true);
    expect(el.validationMessage).to.equal('Pflichtfeld');
    const changes: boolean[] = [];
    el.addEventListener('validity-change', (e: ValidityChangeEvent) => changes.push(e.valid));
    const invalid: Event[] = [];
    el.addEventListener('invalid', (e) => invalid.push(e));
    expect(el.checkValidity()).to.equal(false);
    expect(invalid.length, 'the native invalid flow').to.equal(1);
    el.text = 'Hamburg';
    await el.updateComplete;
    expect(new FormData(form).get('f')).to.equal('Hamburg');
    expect(changes).to.deep.equal([true]);
    el.text = 'Bremen';
    await el.updateComplete;
    expect(changes, 'still valid: no event').to.deep.equal([true]);
    el.setCustomValidity('Nicht hier');
    expect(el.validity.customError).to.equal(true);
    expect(el.validationMessage).to.equal('Nicht hier');
    el.setCustomValidity('');
    expect(el.checkValidity()).to.equal(true);
    expect(changes).to.deep.equal([true, false, true]);
  });

  it('reset and a disabled fieldset reach the element', async () => {
    const form = await fixture<HTMLFormElement>(
      fhtml`<form><fieldset><test-field name="f"></test-field></fieldset></form>`,
    );
    const el = form.querySelector<TestField>('test-field')!;
    el.text = 'x';
    await el.updateComplete;
    form.reset();
    expect(el.resets).to.equal(1);
    await el.updateComplete;
    expect(new FormData(form).get('f')).to.equal('');
    const fieldset = form.querySelector('fieldset')!;
    const inner = () => el.shadowRoot!.querySelector('input')!;
    fieldset.disabled = true;
    await waitUntil(() => inner().disabled, 'formDisabledCallback');
    expect([...new FormData(form).keys()]).to.deep.equal([]);
    expect(el.disabled, 'the property stays as the page set it, as a native input’s').to.equal(
      false,
    );
    // enabled again with its fieldset (a `disabled` written by the fieldset would stick as the element's own attribute)
    fieldset.disabled = false;
    await waitUntil(() => !inner().disabled, 'enabled again');
    expect(new FormData(form).get('f')).to.equal('');
  });
});

describe('form-control in geo-autocomplete', () => {
  it('must-pick: typed text makes it invalid with validity-change (no input event), the form submit fires invalid', async () => {
    const form = await fixture<HTMLFormElement>(
      fhtml`<form><geo-autocomplete name="ort" must-pick></geo-autocomplete></form>`,
    );
    const el = form.querySelector<GeoAutocomplete>('geo-autocomplete')!;
    el.client = {
      suggestGeo: async () => [],
      suggestGeoV1: async () => [],
      getGeoEntity: async () => {
        throw new Error('unused');
      },
    };
    await el.updateComplete;
    const changes: ValidityChangeEvent[] = [];
    el.addEventListener('validity-change', (e) => changes.push(e));
    const inputs: Event[] = [];
    el.addEventListener('input', (e) => inputs.push(e));
    el.shadowRoot!.querySelector('input')!.focus();
    await type('Xy');
    await el.updateComplete;
    expect(el.validity.customError).to.equal(true);
    expect(changes.map((e) => e.valid)).to.deep.equal([false]);
    expect(changes[0]!.validationMessage).to.equal(el.validationMessage);
    expect(el.validationMessage).to.not.equal('');
    expect(inputs.length).to.equal(0);
    let invalid = 0;
    el.addEventListener('invalid', () => invalid++);
    let submitted = 0;
    form.addEventListener('submit', (e) => (submitted++, e.preventDefault()));
    form.requestSubmit();
    expect(invalid).to.equal(1);
    expect(submitted).to.equal(0);
  });
});
