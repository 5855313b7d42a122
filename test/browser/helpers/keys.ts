/**
 * Keyboard input that every engine receives whole (the server side is enginePlugin() in
 * engines.node.mjs): key names every engine knows ('Space' works in Firefox too), a key
 * pressed while holding modifiers (WebDriver actions, which @web/test-runner-commands'
 * sendKeys cannot do), and text typed one key at a time (WebKitGTK's driver drops a key that
 * repeats the one before it within one action sequence). Characters a driver cannot type
 * (emoji through WebKitGTK's driver) go in as the browser's own text insertion does.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { engine } from './engine.js';

/** Presses one key: a character or a name ('Enter', 'Tab', 'ArrowDown', 'Space', 'Escape', …). */
export async function press(key: string): Promise<void> {
  await executeServerCommand('immo-keys', { keys: [key] });
}

/** Presses the last key while holding the others: chord('Alt', 'ArrowDown'), chord('Control', 'a'). */
export async function chord(...keys: string[]): Promise<void> {
  await executeServerCommand('immo-keys', { keys });
}

/** Characters the engine's driver cannot send as keys: outside the Basic Multilingual Plane in WebKit. */
const untypeable = (ch: string) => engine === 'webkit' && ch.codePointAt(0)! > 0xffff;

/** The focused element, through shadow roots. */
function deepActive(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/**
 * Types text into the focused control. Runs a driver cannot type are inserted with
 * document.execCommand('insertText'), which fires beforeinput and input as typing does.
 */
export async function type(text: string): Promise<void> {
  let run = '';
  const flush = async () => {
    if (run) await executeServerCommand('immo-keys', { type: run });
    run = '';
  };
  for (const ch of text) {
    if (!untypeable(ch)) {
      run += ch;
      continue;
    }
    await flush();
    const target = deepActive();
    if (!target) throw new Error(`type(): nothing focused to insert ${ch} into`);
    document.execCommand('insertText', false, ch);
  }
  await flush();
}
