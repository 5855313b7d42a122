/*
 * property-text's form, drawn from what a render hands over (FormView): its heading, the list
 * of what keeps the request from being sent, the type radios, the location with the address
 * search and the coordinates, the detail groups of the chosen type and the submit button; and
 * the words the element shares with it (a field's label, a list of names, the count of invalid
 * fields). Each field is drawn by src/shared/field.ts; the element keeps the state and the
 * handlers, this module reads only the view.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import {
  PROPERTY_TEXT_REAL_ESTATE_TYPES,
  TRANSACTION_TYPES,
  type GeoCoordinates,
  type PropertyTextRealEstateType,
} from '../../api/types.js';
import { checked } from '../../shared/checked.js';
import {
  ariaBool,
  describedBy,
  field,
  messageLine,
  problemOf,
  REQUIRED_MARK,
  type Option,
} from '../../shared/field.js';
import { formatNumber, type Lang } from '../../shared/i18n.js';
import { clip } from '../../shared/text.js';
import type { GeoSelectEvent } from '../geo-autocomplete/events.js';
import {
  LOCATION_KEYS,
  extraOptions,
  fieldsByGroup,
  type FieldDef,
  type Problem,
  type Values,
} from './model.js';
import { STRINGS, YEAR_MAX, enumLabel, type FieldName } from './strings.js';

/** What the form's controls do; the element's own handlers. */
export interface FormHandlers {
  submit(e: Event): void;
  /** Every `input` and `change` of the form's controls. */
  input(e: Event): void;
  geoSelect(e: GeoSelectEvent): void;
  clearCoords(): void;
  /** A link of the problem list: focuses the field `name`. */
  focusField(e: Event, name: string): void;
}

/** The element's state as the form reads it. */
export interface FormView {
  lang: Lang;
  values: Values;
  coords: GeoCoordinates | null;
  /** Each field's own problem as the values are now (model.ts). */
  problems: Record<string, Problem>;
  /** The visitor asked to generate: every problem shows. */
  submitted: boolean;
  /** Fields left with a value: their problem shows. */
  touched: ReadonlySet<string>;
  /** Fields the service refused. */
  refused: readonly string[];
  /** Entries of `data` that could not be used. */
  dataBad: readonly string[];
  /** The place lookup after a pick runs, or failed. */
  geoBusy: boolean;
  geoFailed: boolean;
  /** A result is shown: the submit button generates again. */
  hasResult: boolean;
  /** The headings' `aria-level` (none where it is 2). */
  level: number | typeof nothing;
  /** Headless: the problem list names the fields without linking them. */
  noForm: boolean;
  /** The service of the embedded address search. */
  geo: { client?: ClientCore; baseUrl: string; country: string };
  on: FormHandlers;
}

/**
 * Values of an open field that came in through `data` and are shown as checkboxes; the others
 * stay selected and are sent, a sentence counts them. A host's list can be of any length.
 */
const EXTRA_SHOWN = 20;

/** Names in a sentence: the first few, each shortened, the whole bounded (`clip`). */
export const nameList = (names: string[]): string =>
  clip(
    names
      .slice(0, 20)
      .map((n) => clip(n, 60))
      .join(', '),
  );

/** The label of a field, or of a request field the form does not know (shortened). */
export function label(lang: Lang, name: string): string {
  const L = STRINGS[lang];
  if (name === 'realEstateType' || name === 'transactionType') return L[name];
  return L.fields[name as FieldName] ?? clip(name);
}

/** "1 field is invalid" or "{n} fields are invalid". */
export function invalidCount(lang: Lang, n: number): string {
  const L = STRINGS[lang];
  return n === 1 ? L.invalidOne : L.invalidMany.replace('{n}', String(n));
}

/** The message a field shows (src/shared/field.ts): once left or submitted; a refusal until edited. */
function problemText(v: FormView, name: string): string | undefined {
  const p = problemOf(name, {
    problems: v.problems,
    submitted: v.submitted,
    touched: v.touched,
    refused: v.refused,
  });
  return p && STRINGS[v.lang][p === 'refused' ? 'vServer' : p].replace('{max}', String(YEAR_MAX));
}

// Plain .value and .checked bindings, no live(): every input and change event copies the
// control into `values` (or `result`) at once, so what was rendered last is what it shows.

function radios(
  v: FormView,
  name: 'realEstateType' | 'transactionType',
  options: readonly string[],
): TemplateResult {
  const err = problemText(v, name);
  const on = (o: string) => v.values[name] === o;
  return html`<fieldset class="radios" aria-describedby=${describedBy(name, '', err)}>
    <legend id="f-${name}" tabindex="-1">${STRINGS[v.lang][name]}${REQUIRED_MARK}</legend>
    ${options.map(
      (o) =>
        html`<label class="check"
          ><input
            type="radio"
            name=${name}
            value=${o}
            required
            ?checked=${on(o)}
            ${checked(on(o))}
            aria-invalid=${ariaBool(err)}
          />${enumLabel(v.lang, name, options, o)}</label
        >`,
    )}
    ${messageLine(name, err)}
  </fieldset>`;
}

function optionLabel(lang: Lang, def: FieldDef, value: string): string {
  return clip(enumLabel(lang, def.labels ?? def.name, def.values!, value));
}

/** An option of a select; a long one (a value passed in) has its text as a tooltip too, as a closed select cuts it. */
function option(lang: Lang, def: FieldDef, value: string): Option {
  const text = optionLabel(lang, def, value);
  return { value, label: text, title: text.length > 40 ? text : undefined };
}

function formField(v: FormView, def: FieldDef): TemplateResult {
  const { name } = def;
  const L = STRINGS[v.lang];
  const value = v.values[name];
  const text = label(v.lang, name);
  const err = problemText(v, name);
  if (def.kind === 'bool') {
    return html`<label class="check"
      ><input
        type="checkbox"
        id="f-${name}"
        name=${name}
        ?checked=${value === true}
        ${checked(value === true)}
      />${text}</label
    >`;
  }
  if (def.kind === 'multi') {
    const list = new Set(Array.isArray(value) ? value : []);
    const extra = [...new Set(extraOptions(def, value))];
    const hidden = extra.length - EXTRA_SHOWN;
    return html`<fieldset class="radios wide" aria-describedby=${err ? `e-${name}` : nothing}>
      <legend>${text}</legend>
      ${[...def.values!, ...extra.slice(0, EXTRA_SHOWN)].map(
        (o, i) =>
          html`<label class="check"
            ><input
              type="checkbox"
              id=${i ? nothing : `f-${name}`}
              name=${name}
              data-multi
              value=${o}
              ?checked=${list.has(o)}
              ${checked(list.has(o))}
            />${optionLabel(v.lang, def, o)}</label
          >`,
      )}
      ${
        hidden > 0
          ? html`<p class="hint wide">
              ${L.moreValues.replace('{n}', formatNumber(v.lang, hidden))}
            </p>`
          : nothing
      }
      ${messageLine(name, err)}
    </fieldset>`;
  }
  // A select as wide as its longest option (a closed select cuts it): long ones take two columns.
  const long =
    def.kind === 'enum' && def.values!.some((o) => optionLabel(v.lang, def, o).length > 17);
  const view = { name, label: text, hint: L.hints[name], message: err, class: long ? 'long' : '' };
  const shown = typeof value === 'string' ? value : '';
  if (def.kind === 'enum') {
    const options = [...def.values!, ...extraOptions(def, value)].map((o) =>
      option(v.lang, def, o),
    );
    return field(view, { kind: 'select', value: shown, empty: L.choose, options });
  }
  const decimal = def.kind === 'number' || def.kind === 'deposit';
  const inputmode = decimal
    ? 'decimal'
    : def.kind === 'int' || def.kind === 'year'
      ? 'numeric'
      : undefined;
  return field(view, { kind: 'input', value: shown, autocomplete: 'off', inputmode });
}

function location(v: FormView): TemplateResult {
  const L = STRINGS[v.lang];
  const c = v.coords;
  const n = (x: number | undefined, d: number) =>
    x === undefined ? '–' : formatNumber(v.lang, x, { maximumFractionDigits: d });
  return html`<fieldset part="group">
    <legend>${L.location}</legend>
    <div class="grid">
      <geo-autocomplete
        .client=${v.geo.client}
        base-url=${v.geo.baseUrl}
        country=${v.geo.country}
        lang=${v.lang}
        label=${L.geoLabel}
        hint=${L.geoHint}
        types="city,quarterOrTown,postcode,street"
        @geo-select=${v.on.geoSelect}
        @input=${(e: Event) => e.stopPropagation()}
        @change=${(e: Event) => e.stopPropagation()}
      ></geo-autocomplete>
      ${LOCATION_KEYS.map((k) => formField(v, { name: k, kind: 'text' }))}
      <div class="coords wide">
        <span>${L.coords}:</span>
        ${
          v.geoBusy
            ? html`<span>${L.geoLoading}</span>`
            : c
              ? html`<span data-coords
                    >${n(c.latitude, 6)}, ${n(c.longitude, 6)} (WGS84) · Lambert X
                    ${n(c.lambertEuCoordinatesX, 2)}, Y ${n(c.lambertEuCoordinatesY, 2)}</span
                  ><button type="button" @click=${v.on.clearCoords}>${L.clearCoords}</button>`
              : html`<span>${L.noCoords}</span>`
        }
        ${v.geoFailed ? html`<span class="error">${L.geoError}</span>` : nothing}
      </div>
    </div>
  </fieldset>`;
}

/** The detail fields of a type, by group. */
function groups(v: FormView, type: PropertyTextRealEstateType): TemplateResult[] {
  return fieldsByGroup(type, v.values.transactionType).map(
    ([g, defs]) =>
      html`<fieldset part="group" data-group=${g}>
        <legend>${STRINGS[v.lang][g]}</legend>
        <div class="grid">${defs.map((d) => formField(v, d))}</div>
      </fieldset>`,
  );
}

/**
 * What keeps the request from being sent (after a submit or generate()) and the entries of
 * `data` that could not be used; with the form, each entry links to its field. Shown in
 * both modes, so a headless generate() that fails is not silent.
 */
export function problemList(v: FormView): TemplateResult {
  const listed = Object.keys(v.problems).filter((k) => problemText(v, k));
  const line = (k: string) => `${label(v.lang, k)}: ${problemText(v, k)}`;
  return html`${
    v.submitted && listed.length
      ? html`<div class="summary" tabindex="-1" role="group" aria-labelledby="summary-title">
          <p id="summary-title">${invalidCount(v.lang, listed.length)}</p>
          <ul>
            ${listed.map((k) =>
              v.noForm
                ? html`<li>${line(k)}</li>`
                : html`<li>
                    <a href="#f-${k}" @click=${(e: Event) => v.on.focusField(e, k)}>${line(k)}</a>
                  </li>`,
            )}
          </ul>
        </div>`
      : nothing
  }
  ${
    v.dataBad.length
      ? html`<p class="error" data-bad>${STRINGS[v.lang].errData}${nameList([...v.dataBad])}</p>`
      : nothing
  }`;
}

/** The form with its heading. */
export function form(v: FormView): TemplateResult {
  const L = STRINGS[v.lang];
  const type = PROPERTY_TEXT_REAL_ESTATE_TYPES.find((t) => t === v.values.realEstateType) as
    PropertyTextRealEstateType | undefined;
  // The detail groups have one place per type: switching renders the other type's controls
  // as new elements, so no select keeps a stale selection.
  return html`<h2 id="form-heading" part="heading" aria-level=${v.level}>${L.formHeading}</h2>
    <form
      part="form"
      aria-labelledby="form-heading"
      novalidate
      @submit=${v.on.submit}
      @input=${v.on.input}
      @change=${v.on.input}
    >
      ${problemList(v)}
      <fieldset part="group">
        <legend>${L.objectLegend}</legend>
        <p class="hint">${L.requiredNote}</p>
        <div class="grid">
          ${radios(v, 'realEstateType', PROPERTY_TEXT_REAL_ESTATE_TYPES)}
          ${radios(v, 'transactionType', TRANSACTION_TYPES)}
        </div>
      </fieldset>
      ${location(v)}
      ${type === 'house' ? groups(v, type) : nothing}${type === 'apartment' ? groups(v, type) : nothing}
      <div class="actions">
        <button type="submit" part="submit">${v.hasResult ? L.regenerate : L.generate}</button>
      </div>
    </form>`;
}
