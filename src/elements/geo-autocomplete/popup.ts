/**
 * The markup of geo-autocomplete's popup, a pure template (combobox.ts owns its state and
 * hands it a view): the list, grouped by type under headings seen only, and the status line.
 * A screen reader hears one flat list, each option counted and given its type.
 */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { GeoSuggestion } from '../../api/index.js';
import { clip } from '../../shared/text.js';
import { icon } from './icons.js';
import { segments } from './match.js';
import { highlight } from './highlight.js';
import { placeType, shownTypes, typeName, type Group } from './groups.js';
import type { Status } from './status.js';
import type { Strings } from './strings.js';
import type { GeoOptionRenderer } from './list.js';
import type { Multiple } from './multiple.js';

/** What the popup shows and whom its events go to. */
export interface PopupView {
  strings: Strings;
  api: 'v1' | 'v2';
  /** With `multiple`: which places are chosen, which can be no more. */
  multi?: Multiple;
  renderOption?: GeoOptionRenderer;
  /** The groups on screen (a long list's first options until the rest follows). */
  groups: Group[];
  /** The options of the whole list (each option's `aria-setsize`). */
  size: number;
  /** The text the list answers (handed to `renderOption`). */
  q: string;
  status: Status;
  statusText: string;
  focusout(e: FocusEvent): void;
  /** A click on the option of this number. */
  select(i: number): void;
  /** The pointer moved over an option. */
  pointerOver(option: HTMLElement): void;
  /** The error's retry button. */
  retry(): void;
}

/**
 * The key of each option by its place id, so that a list that keeps its places keeps its
 * option nodes (a place twice in one answer is told apart by its position).
 */
function keys(items: GeoSuggestion[]): (s: GeoSuggestion, i: number) => string {
  const seen = new Set<string>();
  const k = items.map((s, i) => {
    const id = String(s.entity.id);
    return seen.has(id) ? `${id}#${i}` : (seen.add(id), id);
  });
  return (_s, i) => k[i]!;
}

const optionOf = (e: Event) => (e.target as Element).closest<HTMLElement>('[role=option]');

/**
 * One option, number `i` across the groups. A label longer than any place name is laid out
 * cut (clip(): rendering stays linear in what is shown); its accessible name and tooltip are
 * the whole label, and the highlights past the cut are dropped. A label the client cut
 * already ends in an ellipsis: its row shows what fits, its tooltip the rest.
 */
function option(v: PopupView, sug: GeoSuggestion, i: number, types: string[]): unknown {
  const label = String(sug.entity.label);
  const shown = clip(label);
  const full = shown === label ? nothing : label;
  const tip = full === nothing && !label.endsWith('…') ? nothing : label;
  const m = v.multi;
  const content = v.renderOption
    ? v.renderOption(sug, v.q)
    : highlight(
        full === nothing
          ? segments(label, sug.matches as unknown[])
          : [...segments(shown.slice(0, -1), sug.matches as unknown[]), ['…', false]],
      );
  return html`<div
    role="option"
    part="option"
    id=${'o' + i}
    aria-selected=${m ? String(m.has(sug)) : 'false'}
    aria-disabled=${m?.blocks(sug) ? 'true' : nothing}
    aria-label=${full}
    title=${tip}
    aria-posinset=${i + 1}
    aria-setsize=${v.size}
    aria-describedby=${'t' + types.indexOf(placeType(sug, v.api))}
  >
    ${content}
  </div>`;
}

/** The popup: the listbox, the types' descriptions, the status line. */
export function popup(v: PopupView): unknown {
  const s = v.strings;
  let n = 0; // option number across the groups
  const described = shownTypes(v.groups, v.api); // (`#t<n>`: a type is the service's text)
  const heading = (type: string) => s.types[type] ?? (type === 'recent' ? s.recent : clip(type));
  const error = v.status === 'error';
  return html`
    <div popover="manual" part="popup" @focusout=${v.focusout}>
      <div
        id="lb"
        role="listbox"
        part="listbox"
        aria-label=${s.list}
        ?hidden=${!v.groups.length}
        aria-multiselectable=${v.multi ? 'true' : nothing}
        @pointerdown=${(e: Event) => e.preventDefault()}
        @click=${(e: Event) => v.select(Number(optionOf(e)?.id.slice(1) ?? -1))}
        @pointermove=${(e: Event) => {
          const o = optionOf(e);
          if (o) v.pointerOver(o);
        }}
      >
        ${repeat(
          v.groups,
          (g) => g.type,
          (g) => html`
            <div role="none">
              <div aria-hidden="true" part="group-label">${icon(g.type)}${heading(g.type)}</div>
              ${repeat(g.items, keys(g.items), (sug) => option(v, sug, n++, described))}
            </div>
          `,
        )}
      </div>
      <div hidden>
        ${described.map((t, i) => html`<span id=${'t' + i}>${typeName(s, t)}</span>`)}
      </div>
      ${
        v.statusText
          ? html`<div part=${error ? 'status error' : 'status'} class=${v.status}>
              ${v.statusText}${
                error
                  ? html`<button type="button" part="retry" @click=${v.retry}>${s.retry}</button>`
                  : nothing
              }
            </div>`
          : nothing
      }
    </div>
  `;
}
