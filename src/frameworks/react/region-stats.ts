/**
 * The React wrapper of `<region-stats>`, made with @lit/react: props are set as properties,
 * events are `on…` props, both in an effect, so they hold on a page a server rendered too
 * (React's hydration sets neither on a custom element). For React 18 and earlier, and for
 * React 19 on a server-rendered page; React 19 in the browser alone needs no wrapper (see
 * 'immo-elements/jsx-react'). Importing it registers the tag; an app pays only for the
 * elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { RegionStatsReact } from 'immo-elements/react/region-stats';
 * <RegionStatsReact geocode={geocode} onRegionSelect={(e) => console.log(e.geocode)} />
 * ```
 */
import { wrap, type EventName, type Wrapper } from './lit-react.js';
import '../../elements/region-stats/define.js';
import {
  RegionStats,
  type RegionSelectEvent,
  type StatsLoadedEvent,
  type FailureEvent,
} from '../../elements/region-stats/index.js';

const events = {
  onRegionSelect: 'region-select' as EventName<RegionSelectEvent>,
  onStatsLoaded: 'stats-loaded' as EventName<StatsLoadedEvent>,
  onRequestFailed: 'request-failed' as EventName<FailureEvent>,
};

export const RegionStatsReact: Wrapper<RegionStats, typeof events> = wrap(
  'region-stats',
  RegionStats,
  events,
);
