// <contact-realtor> with an expose larger than any real one, through its client (the
// sandbox's answer rewritten): titles of 5,000 and 60,000 characters are shown shortened,
// with the text as a tooltip where the two-line layout cuts it; a configuration of 10,000
// entries renders the known fields only. The tests count rendered nodes; the time limit is
// only a generous ceiling.
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import '../../src/elements/contact-realtor/define.js';
import type { ContactRealtor } from '../../src/elements/contact-realtor/contact-realtor.js';
import { TEXT_MAX } from '../../src/shared/text.js';
import { API, describe, it } from './helpers/index.js';

type Json = Record<string, unknown>;

/** A client whose requests go to the sandbox and whose expose answers `edit` rewrites. */
function oversizeClient(edit: (expose: Json) => void) {
  return new ImmoClient({
    baseUrl: API,
    retries: 0,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (!res.ok) return res;
      const body = (await res.json()) as Json;
      const expose = body['expose.expose'] as Json | undefined;
      if (expose) edit(expose);
      return new Response(JSON.stringify(body), {
        status: res.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
}

const emailExpose = async () => {
  const r = await fetch(`${API}/sandbox/fixtures`);
  const f = (await r.json()) as { exposes: { EMAIL: string[] } };
  return f.exposes.EMAIL[0]!;
};

async function load(client: ImmoClient) {
  const id = await emailExpose();
  const el = await fixture<ContactRealtor>(
    html`<contact-realtor expose-id=${id} .client=${client}></contact-realtor>`,
  );
  await waitUntil(() => el.shadowRoot!.querySelector('form'), 'the form appears', {
    timeout: 10000,
  });
  await el.updateComplete;
  return el;
}

const nodes = (el: Element) => el.shadowRoot!.querySelectorAll('*').length;

describe('contact-realtor with oversized answers', () => {
  for (const size of [5_000, 60_000]) {
    it(`shows a title of ${size} characters shortened, the text as a tooltip`, async function () {
      this.timeout(20000);
      const t0 = performance.now();
      const el = await load(
        oversizeClient((e) => {
          (e.realEstate as Json).title = 'Villa '.repeat(size / 6);
        }),
      );
      expect(performance.now() - t0).to.be.below(5000);
      const title = el.shadowRoot!.querySelector<HTMLElement>('[part="expose-title"]')!;
      expect(title.textContent!.length).to.equal(TEXT_MAX);
      expect(title.textContent!.endsWith('…')).to.equal(true);
      expect(title.title).to.equal(title.textContent);
    });
  }

  it('renders the known fields of a configuration with 10,000 entries', async function () {
    this.timeout(20000);
    const plain = await load(oversizeClient(() => {}));
    const before = nodes(plain);
    const el = await load(
      oversizeClient((e) => {
        const cfg = { ...(e.contactFormConfiguration as Json | undefined) };
        for (let i = 0; i < 10_000; i++) cfg[`extra${i}Field`] = 'MANDATORY';
        cfg['x'.repeat(60_000)] = 'OPTIONAL';
        e.contactFormConfiguration = cfg;
      }),
    );
    expect(nodes(el)).to.equal(before);
  });
});
