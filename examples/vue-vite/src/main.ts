import { createApp } from 'vue';
// The space each element takes before its script has run, so nothing below it moves.
import 'immo-elements/dist/immo-elements-placeholders.css';
import App from './App.vue';

createApp(App).mount('#app');
