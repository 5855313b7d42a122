import type { ReactNode } from 'react';
// The space each element takes before its script has run, so nothing below it moves.
import 'immo-elements/dist/immo-elements-placeholders.css';

export const metadata = { title: 'Wohnungssuche – Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  );
}
