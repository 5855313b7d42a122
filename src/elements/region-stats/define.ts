import { defineElement } from '../../shared/define.js';
import { RegionStats } from './region-stats.js';
// The element's HTMLElementEventMap entries, for every app that imports this module.
import './events.js';

defineElement('region-stats', RegionStats);

declare global {
  interface HTMLElementTagNameMap {
    'region-stats': RegionStats;
  }
}
