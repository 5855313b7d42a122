/**
 * An option's label with its highlighted matches, as one part of the option's template: its
 * text nodes and `<mark>`s stay from one key to the next and only their text changes, so that
 * typing on in a list that keeps its places creates no nodes and no template instances. The
 * label is set as text, never parsed as HTML.
 */
import { html, noChange } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';

/** A label cut into `[text, isMatch]` segments (match.ts, `segments`). */
export type Segments = readonly (readonly [string, boolean])[];

class Highlight extends Directive {
  /** The nodes on screen, one per segment: a Text, or a `<mark>` holding one. */
  #nodes: (Text | HTMLElement)[] = [];

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('highlight() is a child directive');
  }

  /** Where the nodes cannot be kept (a server's render): the segments as templates. */
  render(segs: Segments): unknown {
    return segs.map(([t, m]) => (m ? html`<mark part="match">${t}</mark>` : t));
  }

  /** Each segment goes into the node of its position when that is of its kind, else into a new one. */
  override update(part: ChildPart, [segs]: [Segments]): unknown {
    const nodes = this.#nodes;
    segs.forEach(([t, m], i) => {
      const n = nodes[i];
      if (n && (n.nodeType === Node.ELEMENT_NODE) === m) {
        if (n.textContent !== t) n.textContent = t;
        return;
      }
      const next = m ? mark(t) : document.createTextNode(t);
      part.parentNode.insertBefore(next, n ?? part.endNode);
      n?.remove();
      nodes[i] = next;
    });
    for (const n of nodes.splice(segs.length)) n.remove();
    return noChange;
  }
}

function mark(text: string): HTMLElement {
  const m = document.createElement('mark');
  m.setAttribute('part', 'match');
  m.textContent = text;
  return m;
}

/** The label's segments as text nodes and `<mark part="match">`s, kept and updated in place. */
export const highlight = directive(Highlight);
