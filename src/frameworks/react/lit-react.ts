/**
 * What the five React 18 wrappers share: @lit/react's `createComponent` with the app's React,
 * and a clear failure where @lit/react, an optional peer, is not installed.
 */
import * as React from 'react';
import * as LitReact from '@lit/react';
import type { EventName, ReactWebComponent } from '@lit/react';
import { missingPeer, type PEERS } from '../../peers.js';

export type { EventName };

/**
 * What stands for a wrapper's type where @lit/react is not installed: a component whose only
 * props are a sentence, so that TypeScript's error names the package to install (instead of
 * reporting implicit `any`s in the app's handlers).
 */
export type MissingLitReact = (
  props: `immo-elements/react needs @lit/react, an optional peer dependency: npm install @lit/react@${(typeof PEERS)['@lit/react']}`,
) => never;

/**
 * `T`, or MissingLitReact where `T` is `any`: a type of @lit/react's is `any` in an app
 * without it (with `skipLibCheck`, as apps compile, an unresolved import in a declaration
 * file is no error of its own).
 */
export type WithLitReact<T> = unknown extends T ? MissingLitReact : T;

type Events = Record<string, EventName | string>;

/**
 * A wrapper's type. Each wrapper's declaration names it (not the type it stands for), so that
 * the published types decide between the two where the app compiles.
 */
export type Wrapper<I extends HTMLElement, E extends Events> = WithLitReact<
  ReactWebComponent<I, E>
>;

/** The wrapper of one element: its tag, its class, and its events as `on…` props. */
export function wrap<I extends HTMLElement, E extends Events>(
  tagName: string,
  elementClass: new () => I,
  events: E,
): Wrapper<I, E> {
  // Read from the namespace, not imported by name: where @lit/react is missing, Vite stands a
  // module in that throws "Could not resolve "@lit/react" … Is it installed?" when it runs,
  // and a named import of it would fail the build on a missing export instead, a message that
  // does not say what to install. A bundler's empty stand-in module ends here.
  const create = (LitReact as Partial<typeof LitReact>)['createComponent'];
  if (typeof create !== 'function') throw missingPeer('immo-elements/react', '@lit/react');
  return create({ react: React, tagName, elementClass, events }) as Wrapper<I, E>;
}
