import { html, type TemplateResult } from 'lit';

// 16×16 stroke icons, one per entity type (drawn for this element, no icon font).
const PIN = 'M8 15s5-5 5-9A5 5 0 0 0 3 6c0 4 5 9 5 9zM6 6a2 2 0 1 0 4 0 2 2 0 1 0-4 0';
const MAIL = 'M1 3h14v10H1zM1 3l7 6 7-6';
const PATHS: Record<string, string> = {
  country: 'M1 8a7 7 0 1 0 14 0A7 7 0 1 0 1 8zM1 8h14M8 1c-3 4-3 10 0 14M8 1c3 4 3 10 0 14',
  region: 'M3 15V2h10l-3 3 3 3H3',
  city: 'M1 15h14M3 15V6h5v9M8 15V2h5v13',
  district: 'M2 2h12v12H2zM2 8h12M8 2v12',
  postcode: MAIL,
  postcodeWithQuarter: MAIL,
  street: 'M5 1 3 15M11 1l2 14M8 2v2M8 7v2M8 12v2',
  trainStation: 'M4 1h8v10H4zM4 7h8M6 11l-2 4M10 11l2 4',
  address: 'M2 8l6-6 6 6M4 6v9h8V6',
  customArea: 'M2 4l6-3 6 4-2 9H3z',
  recent: 'M1 8a7 7 0 1 0 14 0A7 7 0 1 0 1 8zM8 4v4l3 2',
};

/** The decorative icon of an entity type (pin for types without their own). */
export const icon = (type: string): TemplateResult =>
  html`<svg viewBox="0 0 16 16" aria-hidden="true" part="icon">
    <path d=${PATHS[type] ?? PIN}></path>
  </svg>`;
