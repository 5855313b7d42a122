import {
  afterNextRender,
  Component,
  CUSTOM_ELEMENTS_SCHEMA,
  ElementRef,
  signal,
  viewChild,
} from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule } from '@angular/forms';
import type { GeoAutocomplete, GeoSelectEvent } from 'immo-elements/geo-autocomplete';

@Component({
  selector: 'app-search',
  imports: [ReactiveFormsModule],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Wohnungssuche</h1>
      <form id="search" [formGroup]="search" (ngSubmit)="send()">
        <geo-autocomplete
          #geo
          id="where"
          name="ort"
          label="Wo suchen Sie?"
          types="city,district,quarterOrTown"
          required
          must-pick
          ngDefaultControl
          formControlName="ort"
          (validity-change)="search.controls.ort.updateValueAndValidity()"
          (geo-select)="onPick($event)"
        ></geo-autocomplete>
        <button type="submit">Suchen</button>
      </form>
      <p>
        Gewählt:
        <output id="picked" [attr.data-id]="place()?.id ?? ''">{{ place()?.label ?? '–' }}</output>
      </p>
      <p>
        Gesendet:
        <output id="submitted" [attr.data-id]="submitted()">{{ submitted() }}</output>
      </p>
      <region-stats for="where" drilldown></region-stats>
      <contact-realtor expose-id="150001001"></contact-realtor>
      <span id="app-ready" [attr.data-ready]="ready()" hidden></span>
    </main>
  `,
})
export class Search {
  readonly geo = viewChild<ElementRef<GeoAutocomplete>>('geo');
  readonly search = new FormGroup({
    // The control's value is the element's `value`: the picked place's id, '' while the
    // text is no place. Angular does not read a custom element's validity, so the
    // element's own (required, must-pick) is the control's validator.
    ort: new FormControl('', {
      nonNullable: true,
      validators: () => {
        const el = this.geo()?.nativeElement;
        return !el || el.validity.valid ? null : { geo: el.validationMessage };
      },
    }),
  });
  readonly place = signal<{ id: string; label: string } | null>(null);
  readonly submitted = signal('');
  readonly ready = signal(false);

  constructor() {
    afterNextRender(() => this.ready.set(true));
  }

  /** `input` has run before `geo-select`: the control already holds the place's id. */
  onPick(e: GeoSelectEvent) {
    this.place.set({ id: this.search.controls.ort.value, label: e.suggestion.entity.label });
  }

  /** What the app would send to its search: the form's value, once the place is valid. */
  send() {
    if (this.search.valid) this.submitted.set(this.search.controls.ort.value);
  }
}
