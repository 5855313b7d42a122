/**
 * region-stats' link to a geo-autocomplete field (`for`, `forElement`): the field's picks and
 * its emptying, as the element takes them. The reading of a pick is DOM-free ({@link pickOf};
 * Node tests in test/node/region-stats-statistic.test.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { clip } from '../../shared/text.js';

/** The parts of a `geo-select` event's detail the element reads. */
interface GeoSelectDetail {
  suggestion?: { entity?: { id?: string; label?: string } };
  entity?: { geoId?: string; id?: string; label?: string };
}

/**
 * The region a pick names: its entity's geoId (with `resolve="GeoId"`), else the suggestion id
 * when it is numeric; `code` is '' when neither is there. `label`: the pick's text.
 */
export function pickOf(detail: unknown): { code: string; label: string } {
  const d = detail as GeoSelectDetail | undefined;
  const id = d?.suggestion?.entity?.id;
  const code = String(d?.entity?.geoId ?? (id && /^\d+$/.test(id) ? id : '')).trim();
  const label = clip(d?.suggestion?.entity?.label ?? d?.entity?.label ?? id ?? '');
  return { code, label };
}

/** Which field the element follows, and what it does with the field's picks. */
export interface FollowOptions {
  /** The field element, which wins over the id. */
  element: () => Element | null | undefined;
  /** The field's id. */
  id: () => string;
  /** A pick that names a region, or (`code` '') one that does not. */
  pick: (pick: { code: string; label: string }) => void;
  /** The visitor emptied the field. */
  emptied: () => void;
}

/**
 * Listens to the followed field's `geo-select` and `change` events (on the document for an id,
 * in the capture phase, so that a field in any shadow root is heard) while the element is
 * connected; {@link GeoFieldLink.rewire} after the field changes.
 */
export class GeoFieldLink implements ReactiveController {
  readonly #host: ReactiveControllerHost & Element;
  readonly #options: FollowOptions;
  #src?: EventTarget;

  constructor(host: ReactiveControllerHost & Element, options: FollowOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.rewire();
  }

  hostDisconnected(): void {
    this.#unwire();
  }

  rewire(): void {
    this.#unwire();
    if (!this.#host.isConnected) return;
    const src = this.#options.element() ?? (this.#options.id() ? document : undefined);
    src?.addEventListener('geo-select', this.#onPick, true);
    src?.addEventListener('change', this.#onChange, true);
    this.#src = src;
  }

  #unwire(): void {
    this.#src?.removeEventListener('geo-select', this.#onPick, true);
    this.#src?.removeEventListener('change', this.#onChange, true);
    this.#src = undefined;
  }

  /** Whether an event comes from the followed field. */
  #followed(target: EventTarget | null): boolean {
    const element = this.#options.element();
    const id = this.#options.id();
    return element ? target === element : !!id && (target as Element | null)?.id === id;
  }

  #onPick = (e: Event): void => {
    if (this.#followed(e.target)) this.#options.pick(pickOf((e as CustomEvent).detail));
  };

  /**
   * The visitor emptied the field (its clear button, or edited text left without a pick): the
   * statistic of the place no longer named there would mislead.
   */
  #onChange = (e: Event): void => {
    const target = e.target as (Element & { value?: unknown }) | null;
    if (this.#followed(target) && target?.value === '') this.#options.emptied();
  };
}
