import type { ReactiveController, ReactiveElement } from 'lit';

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
    const root = this.#host.shadowRoot;
    if (this.#host.hasUpdated || !root) return;
    const controls = root.querySelectorAll<Control>('input, select, textarea');
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
