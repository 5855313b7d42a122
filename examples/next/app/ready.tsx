'use client';
import { useEffect, useState } from 'react';

/** `#app-ready[data-ready="true"]` once React has hydrated the page. */
export function Ready() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <span id="app-ready" data-ready={String(ready)} hidden />;
}
