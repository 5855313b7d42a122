import { defineElement } from '../../shared/define.js';
import { RegionStats } from './region-stats.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type { RegionSelectEvent, StatsLoadedEvent, FailureEvent } from './events.js';

defineElement('region-stats', RegionStats);

declare global {
  interface HTMLElementTagNameMap {
    'region-stats': RegionStats;
  }
}
