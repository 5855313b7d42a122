/**
 * The request controller (src/shared/request.ts) in a real element: the one retry focus
 * rule (anchor while the run is on its way and after success, the new retry button after
 * another failure, focus outside the element untouched), abort on disconnect and resume on
 * reconnect, and the failure sentence with the request-failed event.
 */
import { expect, fixture, html as fhtml, waitUntil } from '@open-wc/testing';
import { LitElement, html, nothing } from 'lit';
import { ApiError } from '../../src/api/errors.js';
import { RequestController } from '../../src/shared/request.js';
import { LocalizeController } from '../../src/shared/i18n.js';
import { SHARED } from '../../src/shared/strings.js';
import type { FailureEvent } from '../../src/shared/failure.js';
import { describe, it } from './helpers/index.js';

/**
 * Answers each call as the test says: `fail` calls throw a 500, the others resolve; `hold`
 * keeps the call open. English, and localized as the five elements are (the kernel's
 * English sentences load on demand; its renders wait for them).
 */
class TestRequest extends LitElement {
  readonly #i18n = new LocalizeController(this, SHARED);
  protected override scheduleUpdate() {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }
  plan: ('ok' | 'fail' | 'hold')[] = [];
  calls: AbortSignal[] = [];
  readonly req = new RequestController<[string], string>(this, {
    operation: 'load',
    lang: () => 'en',
    task: (signal, q) => {
      this.calls.push(signal);
      const step = this.plan.shift() ?? 'ok';
      if (step === 'fail')
        return Promise.reject(
          new ApiError({
            kind: 'http',
            status: 500,
            messages: [{ code: 'ERROR_COMMON_INTERNAL_SERVER_ERROR', text: 'boom' }],
          }),
        );
      if (step === 'hold')
        return new Promise((_, no) =>
          signal.addEventListener('abort', () => no(new ApiError({ kind: 'abort' }))),
        );
      return new Promise((r) => setTimeout(() => r(`answer ${q}`), 20));
    },
  });
  override render() {
    const r = this.req;
    return html`<h2 id="title">Title</h2>
      ${r.status === 'complete' ? html`<p id="done">${r.value}</p>` : nothing}
      ${
        r.status === 'error'
          ? html`<div part="error" role="alert">${r.text('en')}<button part="retry" @click=${() => r.retry(() => this.renderRoot.querySelector('h2'))}>Try again</button></div>`
          : nothing
      }`;
  }
}
customElements.define('test-request', TestRequest);

const root = (el: TestRequest) => el.shadowRoot!;

describe('RequestController in an element', () => {
  it('retry: focus on the anchor while loading and after success; on the new retry button after another failure', async () => {
    const el = await fixture<TestRequest>(fhtml`<test-request lang="en"></test-request>`);
    const failed: FailureEvent[] = [];
    el.addEventListener('request-failed', (e) => failed.push(e));
    el.plan = ['fail', 'fail', 'ok'];
    el.req.start('a');
    await waitUntil(() => root(el).querySelector('[part=retry]'), 'error shown');
    expect(root(el).querySelector('[part=error]')!.textContent)
      .to.contain('Something went wrong at the service.')
      .and.not.contain('500');
    expect(failed).to.have.length(1);
    expect(failed[0]!.error.code).to.equal('ERROR_COMMON_INTERNAL_SERVER_ERROR');
    root(el).querySelector<HTMLButtonElement>('[part=retry]')!.focus();
    root(el).querySelector<HTMLButtonElement>('[part=retry]')!.click();
    await el.updateComplete;
    expect(root(el).activeElement?.id, 'on the anchor at once').to.equal('title');
    await waitUntil(
      () => root(el).activeElement?.matches('[part=retry]'),
      'on the new retry button after the second failure',
    );
    root(el).querySelector<HTMLButtonElement>('[part=retry]')!.click();
    await waitUntil(() => root(el).querySelector('#done'), 'loaded');
    expect(root(el).activeElement?.id, 'stays on the anchor after success').to.equal('title');
    expect(el.calls).to.have.length(3);
  });

  it('retry from code does not move a focus that is elsewhere on the page', async () => {
    const wrap = await fixture<HTMLDivElement>(
      fhtml`<div><input id="outside" /><test-request lang="en"></test-request></div>`,
    );
    const el = wrap.querySelector<TestRequest>('test-request')!;
    el.plan = ['fail', 'fail'];
    el.req.start('a');
    await waitUntil(() => el.req.status === 'error');
    const outside = wrap.querySelector<HTMLInputElement>('#outside')!;
    outside.focus();
    await el.req.retry(() => root(el).querySelector('h2'));
    expect(document.activeElement).to.equal(outside);
  });

  it('a disconnect aborts the run; connecting again runs it anew; only the latest answer counts', async () => {
    const el = await fixture<TestRequest>(fhtml`<test-request lang="en"></test-request>`);
    el.plan = ['hold', 'ok'];
    el.req.start('a');
    const parent = el.parentElement!;
    el.remove();
    expect(el.calls[0]!.aborted).to.equal(true);
    parent.append(el);
    await waitUntil(() => root(el).querySelector('#done'), 'resumed and loaded');
    expect(root(el).querySelector('#done')!.textContent).to.equal('answer a');
    el.plan = ['ok', 'ok'];
    const first = el.req.run('old').catch((e: ApiError) => e.kind);
    const second = el.req.run('new');
    expect(await first).to.equal('abort');
    expect(await second).to.equal('answer new');
    await el.updateComplete;
    expect(root(el).querySelector('#done')!.textContent).to.equal('answer new');
  });
});

describe('RequestController.reset', () => {
  it('forgets value, error and arguments, and aborts a pending run', async () => {
    const el = await fixture<TestRequest>(fhtml`<test-request lang="en"></test-request>`);
    el.plan = ['ok', 'fail'];
    await el.req.run('a');
    await el.req.run('b').catch(() => {});
    expect([el.req.status, el.req.value]).to.deep.equal(['error', 'answer a']);
    el.req.reset();
    const state = () => [el.req.status, el.req.value, el.req.error, el.req.args];
    expect(state()).to.deep.equal(['initial', undefined, undefined, undefined]);
    await el.updateComplete;
    expect(root(el).querySelector('[part=error]')).to.equal(null);
    el.plan = ['hold'];
    const held = el.req.run('c').catch((e: ApiError) => e.kind);
    el.req.reset();
    expect(await held).to.equal('abort');
    expect(el.calls.at(-1)!.aborted).to.equal(true);
    expect(state()).to.deep.equal(['initial', undefined, undefined, undefined]);
  });
});
