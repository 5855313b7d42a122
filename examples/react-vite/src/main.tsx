import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The space each element takes before its script has run, so nothing below it moves.
import 'immo-elements/dist/immo-elements-placeholders.css';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
