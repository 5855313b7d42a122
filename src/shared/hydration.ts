import type { ReactiveController, ReactiveElement } from 'lit';

/*
 * Server rendering, the browser's side (docs/embedding.md, "Server-side rendering"). Lit's
 * hydration support (@lit-labs/ssr-client, loaded by src/hydrate.ts before the elements)
 * takes a shadow root a server rendered over in the element's first update, and keeps to
 * itself whether it will: it has no public flag for it, nor a hook for a first render that
 * does not match. What an element needs of it is here, on Lit's public API alone:
 * - {@link serverRendered}: the first update takes a server's render over;
 * - {@link drawn}: a server render the browser does not match is drawn anew;
 * - {@link HydrationInputController}: what a visitor entered before the script ran stays.
 * Tested with the Lit range package.json names (test/browser/ssr*.test.ts).
 */

/** What of an element the hydration helpers read (a ReactiveElement). */
type Hydrating = Pick<ReactiveElement, 'shadowRoot' | 'hasUpdated' | 'localName' | 'requestUpdate'>;

/**
 * Whether the element's coming first update takes over a shadow root a server rendered: it
 * has not updated, and its shadow root holds more than styles. (Lit's own element draws
 * nothing before its first update, and Lit's hydration support keeps a server's root only
 * when it is loaded: without it, Lit's `attachShadow` empties the root.) An element whose
 * first state in the browser can differ from the server's renders the server's state while
 * this holds, and the difference in the update after.
 */
export function serverRendered(host: Hydrating): boolean {
  const root = host.shadowRoot;
  return !host.hasUpdated && !!root && [...root.childNodes].some((n) => n.nodeName !== 'STYLE');
}

/**
 * Runs the element's update (`super.scheduleUpdate()`, which performs it at once). A server
 * render that does not match the browser's first render (the page gave the server a property
 * it does not give the element in the browser, or other attributes) makes Lit's hydration
 * throw, and the element would stay as the server drew it, dead. Such an element is drawn
 * anew instead, keeping the server's styles, with a warning that says why.
 *
 * Lit has no public hook for this: it relies on `performUpdate()` leaving the element able
 * to update after a throw (documented in its source) and on its hydration support rendering,
 * not hydrating, once it has tried: the Lit range package.json names.
 */
export function drawn(
  host: Hydrating,
  update: () => void | Promise<unknown>,
): void | Promise<unknown> {
  if (!serverRendered(host)) return update();
  try {
    return update();
  } catch (e) {
    console.warn(
      `${host.localName}: the server's render is not the browser's first render ` +
        '(docs/embedding.md, "Server-side rendering": the page gives the element in the browser ' +
        'what it gave the server); it is drawn anew.',
      e,
    );
    for (const n of [...host.shadowRoot!.childNodes]) if (n.nodeName !== 'STYLE') n.remove();
    host.requestUpdate();
    return update(); // (the update just requested, performed at once)
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control a visitor changed before the script ran, and what they left in it. */
interface Entered {
  control: Control;
  value: string;
  checked: boolean;
}

const isBox = (c: Control): c is HTMLInputElement =>
  c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio');

/** Whether a visitor changed the control from what the server sent (its default state). */
function changed(c: Control): boolean {
  if (c instanceof HTMLSelectElement)
    return [...c.options].some((o) => o.selected !== o.defaultSelected);
  // (a radio unchecked by checking another one is told by that one)
  if (isBox(c)) return c.checked !== c.defaultChecked && (c.type === 'checkbox' || c.checked);
  return c.value !== c.defaultValue;
}

/** What the control holds now. */
const entry = (control: Control): Entered => ({
  control,
  value: control.value,
  checked: isBox(control) && control.checked,
});

/** Whether the control still holds the entry (neither the element nor the visitor changed it). */
const holds = ({ control, value, checked }: Entered) =>
  isBox(control) ? control.checked === checked : control.value === value;

/**
 * Keeps what a visitor entered into a shadow root rendered on a server (docs/embedding.md,
 * "Server-side rendering") before the element's script ran. Hydration writes the element's
 * own state into the controls; this controller reads the controls a visitor changed just
 * before it and puts each back after it, with the event a visitor's entry fires (`input` for
 * text, `change` for boxes, radios and selects), so that the element takes it as typed: text
 * in the geo field is searched for, a form field is validated and kept in the draft. A nested
 * element keeps its own (it has a shadow root and a controller of its own).
 */
export class HydrationInputController implements ReactiveController {
  readonly #host: ReactiveElement;
  #entered: Entered[] = [];

  constructor(host: ReactiveElement) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    if (!serverRendered(this.#host)) return;
    const controls = this.#host.renderRoot.querySelectorAll<Control>('input, select, textarea');
    this.#entered = [...controls].filter(changed).map(entry);
  }

  hostUpdated(): void {
    const entered = this.#entered;
    if (!entered.length) return;
    this.#entered = [];
    for (const { control, value, checked } of entered) {
      if (isBox(control)) control.checked = checked;
      else control.value = value;
    }
    // (after the update: what the element does with an entry renders in an update of its own)
    queueMicrotask(() => {
      for (const e of entered) {
        if (!e.control.isConnected || !holds(e)) continue;
        const text = !isBox(e.control) && !(e.control instanceof HTMLSelectElement);
        e.control.dispatchEvent(
          text
            ? new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' })
            : new Event('change', { bubbles: true }),
        );
      }
    });
  }
}
