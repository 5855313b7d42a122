import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

const immoTags = [
  'geo-autocomplete',
  'region-stats',
  'contact-realtor',
  'property-text',
  'project-picker',
];

export default defineConfig({
  plugins: [
    // These tags are custom elements, not Vue components: Vue then sets their properties,
    // listens to their events and binds v-model to their value.
    vue({ template: { compilerOptions: { isCustomElement: (tag) => immoTags.includes(tag) } } }),
  ],
});
