import type { GeoHierarchyElement, GeoHierarchyStatistic } from '../../api/index.js';

/**
 * A visitor chose a subregion (its bar or its table row). Cancelable: with `drilldown`,
 * `preventDefault()` keeps the element from descending into it.
 */
export class RegionSelectEvent extends Event {
  /** The subregion's geocode (`geoCodeId`). */
  readonly geocode: string;
  /** The subregion's display name. */
  readonly name: string;
  /** The subregion with its counts. */
  readonly region: GeoHierarchyElement;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: { geocode: string; name: string; region: GeoHierarchyElement };
  constructor(region: GeoHierarchyElement) {
    super('region-select', { bubbles: true, composed: true, cancelable: true });
    this.geocode = region.geoCodeId;
    this.name = region.name ?? region.geoCodeId;
    this.region = region;
    this.detail = { geocode: this.geocode, name: this.name, region };
  }
}

/** A statistic arrived from the service and is shown (not fired for the `data` property). */
export class StatsLoadedEvent extends Event {
  /** The geocode that was requested. */
  readonly geocode: string;
  /** The parsed statistic. */
  readonly statistic: GeoHierarchyStatistic;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: { geocode: string; statistic: GeoHierarchyStatistic };
  constructor(geocode: string, statistic: GeoHierarchyStatistic) {
    super('stats-loaded', { bubbles: true, composed: true });
    this.geocode = geocode;
    this.statistic = statistic;
    this.detail = { geocode, statistic };
  }
}

declare global {
  interface HTMLElementEventMap {
    'region-select': RegionSelectEvent;
    'stats-loaded': StatsLoadedEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'region-select': RegionSelectEvent;
    'stats-loaded': StatsLoadedEvent;
  }
  interface WindowEventMap {
    'region-select': RegionSelectEvent;
    'stats-loaded': StatsLoadedEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
