// The page's own script: it keeps the place picked and shows it, and says when the elements
// have taken over the shadow roots the build wrote.
let place = null;

const picked = document.querySelector('#picked');
function show() {
  picked.dataset.id = place?.id ?? '';
  picked.textContent = place?.label ?? '–';
}

document.querySelector('geo-autocomplete').addEventListener('geo-select', (e) => {
  place = { id: e.suggestion.entity.id, label: e.suggestion.entity.label };
  show();
});

const tags = ['geo-autocomplete', 'region-stats', 'contact-realtor'];
await Promise.all(tags.map((t) => customElements.whenDefined(t)));
await Promise.all(tags.map((t) => document.querySelector(t).updateComplete));
document.querySelector('#app-ready').dataset.ready = 'true';
