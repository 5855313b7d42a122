/**
 * Writers for the XML request bodies. Loaded by dynamic import like xml.ts, but without
 * any dependency: the documents are small and their element order is fixed by the schemas.
 * The contact form comes in as its entries (contactEntries of bodies.ts, which the JSON body
 * uses too), so the form's field lists exist once.
 */
import { NS } from './types/common.js';
import type { ContactEntry } from './bodies.js';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Characters XML 1.0 cannot carry are dropped (the service filters them out as well). */
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 excludes are control characters
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(s: string): string {
  return s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/**
 * `expose:contactForm` in the expose namespace, the form type as its attribute
 * `contactFormType`, children unqualified and in the schema's sequence order, the address
 * as the children of a `common:Address`.
 */
export function contactFormXml(entries: readonly ContactEntry[], contactFormType?: string): string {
  const parts: string[] = [];
  for (const [k, v] of entries) {
    if (Array.isArray(v)) parts.push(`<${k}>${v.map(([a, b]) => el(a, b)).join('')}</${k}>`);
    else parts.push(el(k, String(v)));
  }
  const type = contactFormType ? ` contactFormType="${escapeXml(contactFormType)}"` : '';
  return `${DECL}<expose:contactForm xmlns:expose="${NS.expose}" xmlns:common="${NS.common}"${type}>${parts.join('')}</expose:contactForm>`;
}

/** `realestateproject:realEstateProjectEntries` with one entry per real-estate id. */
export function projectEntriesXml(realEstateIds: readonly string[]): string {
  const entries = realEstateIds
    .map((id) => `<realEstateProjectEntry>${el('realEstateId', id)}</realEstateProjectEntry>`)
    .join('');
  const root = 'realestateproject:realEstateProjectEntries';
  return `${DECL}<${root} xmlns:realestateproject="${NS.realestateproject}">${entries}</${root}>`;
}
