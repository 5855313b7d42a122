/**
 * The JSX attribute types shared by the React 19 and Preact typings (jsx-react.ts,
 * jsx-preact.ts): properties by their property names, attributes named unlike their
 * property (`base-url`, `must-pick`…) typed like it, events as `on<event-name>`.
 */
import type {
  ImmoAttributeMap,
  ImmoElementMap,
  ImmoEventMap,
  ElementAttributes,
  ElementProperties,
  EventHandlers,
} from './elements.js';

type Common = {
  id?: string;
  class?: string;
  className?: string;
  slot?: string;
  hidden?: boolean;
  lang?: string;
  style?: unknown;
  key?: string | number;
  ref?: unknown;
  children?: unknown;
  [attribute: `${string}-${string}`]: unknown;
};

export type ImmoJsxElements = {
  [K in keyof ImmoElementMap]: ElementProperties<ImmoElementMap[K]> &
    ElementAttributes<ImmoElementMap[K], ImmoAttributeMap[K]> &
    EventHandlers<ImmoEventMap[K]> &
    Common;
};
