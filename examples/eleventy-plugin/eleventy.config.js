import litPlugin from '@lit-labs/eleventy-plugin-lit';

export default function (eleventyConfig) {
  // The plugin renders every tag its modules define wherever a template writes it, with its
  // shadow root (declarative shadow DOM). immo-elements/ssr defines the five tags with all
  // they render on a server: the English strings, and the chips of `multiple`.
  eleventyConfig.addPlugin(litPlugin, {
    mode: 'worker',
    componentModules: ['node_modules/immo-elements/lib/ssr.js'],
  });
  // The package's browser files, served under /immo/: the hydration support, the elements,
  // the placeholder stylesheet, and the chunks they load on demand.
  eleventyConfig.addPassthroughCopy({ 'node_modules/immo-elements/dist': 'immo' });
  eleventyConfig.addPassthroughCopy({ 'src/app.js': 'app.js' });
}

export const config = { dir: { input: 'src', output: '_site' } };
