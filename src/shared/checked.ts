import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/**
 * A box's `checked` state, set on every render, in element position beside the attribute:
 * `<input type="checkbox" ?checked=${on} ${checked(on)}>`. A `.checked=${on}` binding cannot
 * be rendered on a server (Lit's server renderer writes it as `checked="false"`, which checks
 * the box), so the attribute is what a server sends and the property what the browser sets:
 * a box a visitor has changed no longer follows its attribute.
 */
class CheckedDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('checked() goes in element position');
  }

  render(_on: boolean): unknown {
    return noChange;
  }

  override update(part: ElementPart, [on]: [boolean]): unknown {
    const box = part.element as HTMLInputElement;
    if (box.checked !== on) box.checked = on;
    return noChange;
  }
}

export const checked = directive(CheckedDirective);
