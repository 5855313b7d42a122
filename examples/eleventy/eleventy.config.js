import { renderHTML } from 'immo-elements/ssr';

export default function (eleventyConfig) {
  // The elements rendered at build time, with their shadow roots (declarative shadow DOM):
  // {% immo '<region-stats for="where"></region-stats>' %}
  eleventyConfig.addShortcode('immo', (markup) => renderHTML(markup));
  // The package's browser files, served under /immo/: the hydration support, the elements,
  // the placeholder stylesheet, and the chunks they load on demand.
  eleventyConfig.addPassthroughCopy({ 'node_modules/immo-elements/dist': 'immo' });
  eleventyConfig.addPassthroughCopy({ 'src/app.js': 'app.js' });
}

export const config = { dir: { input: 'src', output: '_site' } };
