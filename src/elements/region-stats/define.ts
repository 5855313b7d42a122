import { defineElement } from '../../shared/define.js';
import { RegionStats } from './region-stats.js';

defineElement('region-stats', RegionStats);

declare global {
  interface HTMLElementTagNameMap {
    'region-stats': RegionStats;
  }
}
