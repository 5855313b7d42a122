import { defineConfig } from 'astro/config';
import node from '@astrojs/node';

export default defineConfig({
  // Every page is rendered per request by the Node server that `astro build` writes.
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  vite: {
    build: {
      rolldownOptions: {
        // The page's script imports Lit's hydration support before the elements, and it must
        // run before Lit's element class is defined. Without this, Rolldown may put that class
        // in a shared chunk, which runs before the code of the script that imports it.
        output: { strictExecutionOrder: true },
      },
    },
  },
});
