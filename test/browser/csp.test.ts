/**
 * Every element under a strict Content-Security-Policy (`default-src 'self'`: no inline
 * scripts or styles, no eval): the page in the iframe loads all five, each renders and
 * talks to the sandbox, and the browser reports no violation.
 */
import { expect, waitUntil } from '@open-wc/testing';

type Hook = (this: { timeout(ms: number): void }) => unknown;
const { describe, it } = globalThis as unknown as { describe(t: string, fn: () => void): void; it(t: string, fn: Hook): void };

interface CspWindow extends Window {
  __csp?: { violations: string[]; ready: Promise<Record<string, HTMLElement>> };
}

const shadowText = (el: HTMLElement) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('strict Content-Security-Policy', () => {
  it('every element works with default-src self and the browser reports no violation', async function () {
    this.timeout(30000);
    const frame = document.createElement('iframe');
    frame.style.width = '1000px';
    frame.style.height = '800px';
    frame.src = '/csp/';
    document.body.append(frame);
    await new Promise((r) => frame.addEventListener('load', r, { once: true }));
    const win = frame.contentWindow as CspWindow;
    await waitUntil(() => win.__csp, 'the CSP page script ran', { timeout: 10000 });
    const els = await win.__csp!.ready;

    // Each element rendered its content and finished its first load against the sandbox.
    await waitUntil(() => els.stats.shadowRoot?.querySelector('table'), 'region-stats shows its table', { timeout: 15000 });
    await waitUntil(() => els.contact.shadowRoot?.querySelector('form'), 'contact-realtor shows its form', { timeout: 15000 });
    await waitUntil(() => els.picker.shadowRoot?.querySelector('[role="listbox"]') && /\d+\s*\/\s*15/.test(shadowText(els.picker)), 'project-picker lists projects', { timeout: 15000 });
    await waitUntil(() => els.text.shadowRoot?.querySelector('form, select'), 'property-text shows its form', { timeout: 15000 });

    // The geo combobox: type, get suggestions from the sandbox.
    const input = els.geo.shadowRoot!.querySelector('input')!;
    input.focus();
    input.value = 'Berlin';
    input.dispatchEvent(new (win as unknown as typeof globalThis).InputEvent('input', { bubbles: true, composed: true, data: 'n', inputType: 'insertText' }));
    await waitUntil(() => els.geo.shadowRoot!.querySelectorAll('[role="option"]').length > 0, 'geo-autocomplete shows suggestions', { timeout: 15000 });

    expect(win.__csp!.violations).to.deep.equal([]);
    frame.remove();
  });
});
