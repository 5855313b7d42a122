/**
 * The demo's theme switcher (demo/demo.css): light, dark and a partner brand, made only with
 * the elements' documented custom properties and parts. Each theme must reach all five
 * elements whatever the visitor's system colour scheme is, and stay axe-clean (contrast
 * included), as a partner who copies the theme would expect.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import { TAGS } from '../../demo/tags.js';
import { after, before, describe, itInColorScheme } from './helpers/index.js';

/** What each theme of demo/demo.css sets (rgb() as getComputedStyle reports it). */
const THEMES = {
  light: { text: 'rgb(29, 29, 31)', background: 'rgb(255, 255, 255)', font: /^system-ui/ },
  dark: { text: 'rgb(236, 236, 240)', background: 'rgb(28, 28, 32)', font: /^system-ui/ },
  brand: { text: 'rgb(43, 29, 14)', background: 'rgb(255, 250, 242)', font: /^Georgia/ },
} as const;

let style: HTMLStyleElement;
let canvas: HTMLElement;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

before(async function () {
  this.timeout(30000);
  style = document.createElement('style');
  style.textContent = await (await fetch('/demo/demo.css')).text();
  document.head.append(style);
  const fx = await json<{
    exposes: { EMAIL: string[] };
    statistic: { geocodesWithSubregions: { geoCodeId: string }[] };
  }>('/restapi/api/sandbox/fixtures');
  const { token } = await json<{ token: string }>('/restapi/api/sandbox/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"user":"demo"}',
  });
  canvas = document.createElement('div');
  canvas.className = 'canvas';
  canvas.innerHTML =
    '<geo-autocomplete label="Ort"></geo-autocomplete>' +
    `<region-stats geocode="${fx.statistic.geocodesWithSubregions[0]!.geoCodeId}" real-estate-types="apartmentrent,housebuy"></region-stats>` +
    `<contact-realtor expose-id="${fx.exposes.EMAIL[0]!}"></contact-realtor>` +
    '<property-text no-draft></property-text><project-picker></project-picker>';
  for (const el of canvas.querySelectorAll<HTMLElement & { token?: string }>(
    'property-text, project-picker',
  ))
    el.token = token;
  const main = document.createElement('main');
  main.append(canvas);
  document.body.append(main);
  const shadow = (tag: string) => canvas.querySelector(tag)!.shadowRoot!;
  await waitUntil(() => shadow('region-stats').querySelector('table'), 'region-stats loaded', {
    timeout: 15000,
  });
  await waitUntil(() => shadow('contact-realtor').querySelector('form'), 'contact-realtor loaded', {
    timeout: 15000,
  });
  await waitUntil(
    () => shadow('project-picker').querySelector('[role="listbox"]'),
    'project-picker loaded',
    { timeout: 15000 },
  );
  await waitUntil(
    () => shadow('property-text').querySelector('form'),
    'property-text shows its form',
    { timeout: 15000 },
  );
});

after(async () => {
  canvas?.parentElement?.remove();
  style?.remove();
  delete document.documentElement.dataset.theme;
});

for (const system of ['light', 'dark'] as const) {
  describe(`demo themes under a ${system} system colour scheme`, () => {
    for (const [theme, want] of Object.entries(THEMES)) {
      itInColorScheme(
        system,
        `${theme}: reaches all five elements and is axe-clean`,
        async function () {
          this.timeout(30000);
          document.documentElement.dataset.theme = theme;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          for (const tag of TAGS) {
            const cs = getComputedStyle(canvas.querySelector(tag)!);
            expect(cs.color, `${tag} text colour`).to.equal(want.text);
            expect(cs.fontFamily, `${tag} font`).to.match(want.font);
          }
          expect(getComputedStyle(canvas).backgroundColor, 'canvas background').to.equal(
            want.background,
          );
          // All five: none paints a surface of its own, each sits on the canvas.
          for (const tag of TAGS)
            expect(
              getComputedStyle(canvas.querySelector(tag)!).backgroundColor,
              `${tag} paints no surface`,
            ).to.equal('rgba(0, 0, 0, 0)');
          const input = canvas
            .querySelector('geo-autocomplete')!
            .shadowRoot!.querySelector('input')!;
          const ics = getComputedStyle(input);
          // The brand theme fills its fields (--immo-color-field: white); light and dark keep them transparent.
          const field = theme === 'brand' ? 'rgb(255, 255, 255)' : 'rgba(0, 0, 0, 0)';
          expect([ics.color, ics.backgroundColor], 'geo-autocomplete input colours').to.deep.equal([
            want.text,
            field,
          ]);
          expect(ics.fontFamily, 'geo-autocomplete font').to.match(want.font);
          await expect(canvas).to.be.accessible();
        },
      );
    }
  });
}
