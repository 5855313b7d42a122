/**
 * geo-autocomplete bound the way apps bind it: a Vue 3 `v-model` (the template
 * compiled at run time, as the compiler does it for a custom element), a React 19
 * controlled component, and Angular's template-driven (`ngModel`) and reactive
 * (`formControl`) forms with `ngDefaultControl`, JIT-compiled in the page. Each stays in step
 * with what the form submits: after a pick, and after the visitor edits the picked text.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import {
  describe,
  fakeServer,
  input,
  isOpen,
  item,
  it,
  optionEls,
  placesAnswer,
} from './geo-autocomplete.helpers.js';
import { press, type } from './helpers/index.js';

const PLACES = [
  item('city', '1276002001', 'Hamburg'),
  item('quarterOrTown', '1276002001002', 'Hamburg - Altona'),
];
const answer = placesAnswer(PLACES);

/** Wires the element (fake server, no debounce). */
async function wire(el: GeoAutocomplete) {
  el.client = fakeServer(answer).client;
  el.debounce = 0;
  await el.updateComplete;
}

/** Picks "Hamburg" with the keyboard, then edits its text: returns what the form submitted at each step. */
async function pickThenEdit(
  el: GeoAutocomplete,
  form: HTMLFormElement,
  model: () => unknown,
  settle: () => Promise<unknown>,
) {
  input(el).focus();
  await type('Hamb');
  await waitUntil(() => optionEls(el).length > 0 && isOpen(el), 'suggestions');
  await press('ArrowDown');
  await press('Enter');
  await waitUntil(() => el.value === '1276002001', 'picked');
  await settle();
  expect(new FormData(form).get('ort')).to.equal('1276002001');
  expect(model(), 'the model holds the picked place').to.equal('1276002001');
  await press('Backspace');
  await settle();
  expect(new FormData(form).get('ort')).to.equal('');
  expect(model(), 'the model follows the edit: what the form submits').to.equal('');
  await type('g');
  await settle();
  expect(model(), 'the label typed back: the id again').to.equal('1276002001');
}

describe('geo-autocomplete in Vue 3 (v-model)', () => {
  it('v-model stays in step with the form after a pick and an edit; setting the model sets the element', async function () {
    this.timeout(20000);
    // The full build compiles templates in the page (vue.esm-browser.js: no process.env).
    const { createApp, nextTick } = (await import(
      'vue/dist/vue.esm-browser.js' as string
    )) as typeof import('vue');
    const root = document.createElement('div');
    document.body.append(root);
    const app = createApp({
      data: () => ({ place: '' }),
      template: `<form><geo-autocomplete name="ort" v-model="place"></geo-autocomplete><p>{{ place }}</p></form>`,
    });
    app.config.compilerOptions.isCustomElement = (tag) => tag === 'geo-autocomplete';
    const vm = app.mount(root) as unknown as { place: string };
    try {
      const el = root.querySelector('geo-autocomplete')!;
      await wire(el);
      await pickThenEdit(
        el,
        root.querySelector('form')!,
        () => vm.place,
        () => nextTick(),
      );
      vm.place = '';
      await nextTick();
      await el.updateComplete;
      expect(el.value, 'the model written back').to.equal('');
      expect(input(el).value).to.equal('');
    } finally {
      app.unmount();
      root.remove();
    }
  });
});

describe('geo-autocomplete in React 19 (controlled)', () => {
  it('a controlled value with onInput stays in step with the form after a pick and an edit', async function () {
    this.timeout(20000);
    const url = '/__vendor/react.js';
    const { React, ReactDOMClient, flushSync } = (await import(url)) as {
      React: typeof import('react');
      ReactDOMClient: { createRoot(el: Element): { render(n: unknown): void; unmount(): void } };
      flushSync(fn: () => void): void;
    };
    const root = document.createElement('div');
    document.body.append(root);
    let current = '';
    function Search() {
      const [place, setPlace] = React.useState('');
      current = place;
      return React.createElement(
        'form',
        null,
        React.createElement('geo-autocomplete', {
          name: 'ort',
          value: place,
          onInput: (e: Event) => setPlace((e.target as GeoAutocomplete).value),
        }),
        React.createElement('output', null, place),
      );
    }
    const r = ReactDOMClient.createRoot(root);
    flushSync(() => r.render(React.createElement(Search)));
    try {
      const el = root.querySelector('geo-autocomplete')!;
      await wire(el);
      // React has rendered what the element's last input event said
      const settle = async () => {
        await el.updateComplete;
        await waitUntil(() => current === el.value, 'React’s state is the element’s value');
      };
      await pickThenEdit(el, root.querySelector('form')!, () => current, settle);
      expect(root.querySelector('output')!.textContent).to.equal('1276002001');
    } finally {
      r.unmount();
      root.remove();
    }
  });
});

describe('geo-autocomplete in Angular forms (ngDefaultControl, JIT)', () => {
  it('template-driven ngModel and a reactive FormControl follow the value; the element’s validity reaches the control', async function () {
    this.timeout(30000);
    await import('@angular/compiler'); // JIT: components compile in the page
    const ng = await import('@angular/core');
    const forms = await import('@angular/forms');
    const { bootstrapApplication } = await import('@angular/platform-browser');

    const place = new forms.FormControl('', { nonNullable: true });
    let geoEl!: GeoAutocomplete;
    // The documented pattern: the element's validity as a validator of the control, re-run on validity-change.
    place.addValidators(() =>
      !geoEl || geoEl.validity.valid ? null : { geo: geoEl.validationMessage },
    );

    class Search {
      model = '';
      place = place;
      revalidate() {
        place.updateValueAndValidity();
      }
    }
    ng.Component({
      selector: 'app-search',
      standalone: true,
      imports: [forms.FormsModule, forms.ReactiveFormsModule],
      schemas: [ng.CUSTOM_ELEMENTS_SCHEMA],
      template: `<form id="td"><geo-autocomplete name="ort" ngDefaultControl [(ngModel)]="model"></geo-autocomplete></form>
        <form id="rf"><geo-autocomplete name="ort" must-pick ngDefaultControl [formControl]="place" (validity-change)="revalidate()"></geo-autocomplete></form>`,
    })(Search);

    const host = document.createElement('app-search');
    document.body.append(host);
    const ref = await bootstrapApplication(Search as never, {
      providers: [ng.provideZonelessChangeDetection()],
    });
    try {
      const app = ref.components[0]!.instance as Search;
      // the elements' updates (and their validity-change) done, then Angular's
      const settle = async () => {
        for (const g of host.querySelectorAll('geo-autocomplete')) await g.updateComplete;
        ref.tick();
        await ref.whenStable();
      };
      const [td, rf] = [...host.querySelectorAll('geo-autocomplete')];
      await wire(td!);
      await wire(rf!);
      geoEl = rf!;
      await pickThenEdit(td!, host.querySelector<HTMLFormElement>('#td')!, () => app.model, settle);
      input(td!).blur();

      // reactive: value and validity (must-pick)
      await pickThenEdit(
        rf!,
        host.querySelector<HTMLFormElement>('#rf')!,
        () => place.value,
        settle,
      );
      expect(place.valid).to.equal(true);
      await type('x');
      await settle();
      expect(place.value).to.equal('');
      expect(rf!.validity.valid).to.equal(false);
      expect(place.valid, 'the element’s must-pick validity reached the control').to.equal(false);
      expect(place.errors).to.deep.equal({ geo: rf!.validationMessage });
      // writing the control sets the element (DefaultValueAccessor.writeValue: the value property)
      place.setValue('1276002001002');
      await waitUntil(() => input(rf!).value === 'Hamburg - Altona', 'label of the written value', {
        timeout: 3000,
      });
      await settle();
      expect(place.valid).to.equal(true);
    } finally {
      ref.destroy();
      host.remove();
    }
  });
});
