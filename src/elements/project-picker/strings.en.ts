import type { Strings } from './strings.js';
import shared from '../../shared/strings.en.js';

const enNumber = (n: number) => n.toLocaleString('en-GB');

/** `<project-picker>`'s strings in English (strings.ts), loaded the first time one shows English. */
const en: Strings = {
  projects: 'Building projects',
  projectsLoading: 'Loading building projects …',
  noProjects: 'You have no building projects yet. The portal operator creates them.',
  published: 'published',
  unpublished: 'not published',
  entriesOf: (n) => `Listings in “${n}”`,
  entriesLoading: 'Loading listings …',
  noEntries: 'This project has no listings yet.',
  selectHint: 'Choose a project to see its listings.',
  used: (c, m) => (m == null ? (c === 1 ? '1 entry' : `${c} entries`) : `${c} / ${m} entries`),
  listing: (id) => `Listing ${id}`,
  project: (id) => `Project ${id}`,
  idLabel: (id) => `No. ${id}`,
  add: 'Add listings',
  unpublishedRule:
    'This project is not published. Listings can only be added to published projects.',
  fullRule: (m) =>
    `The project is full: a project with the BASIC product takes at most ${m} listings.`,
  fits: (n) =>
    n === 1
      ? '1 more listing fits into this project.'
      : `${n} more listings fit into this project.`,
  fitsUnlimited: 'This project has no limit.',
  fitsUnknown:
    'Whether the project is published and how many more listings it takes is checked by the portal when you add.',
  units: (n) => (n === 1 ? '1 housing unit' : `${n} housing units`),
  whyNoAnswer:
    'The portal said nothing about this listing. The project’s list of listings shows whether it was added.',
  whyNotFound: 'This listing does not exist (any more).',
  whyForeign: 'This listing does not belong to your account. Only your own listings can be added.',
  whyFullIfBasic: (n, m) =>
    `The project holds ${n} listings. If it has the BASIC product, it is full: it takes at most ${m} listings.`,
  whyUnpublished:
    'The project is probably not published yet. Listings can only be added to published projects.',
  whyUnknown: (m) =>
    'The portal did not take the listing. It adds listings only to published projects, ' +
    `at most ${m} to a project with the BASIC product, and each listing only once.`,
  search: 'Search your listings',
  pickerLabel: 'Your published listings',
  ownLoading: 'Loading your listings …',
  noCandidates: 'All your published listings are already in this project.',
  noMatch: (q) => `No listing matches “${q}”.`,
  found: (n) => (n === 1 ? '1 listing found.' : `${n} listings found.`),
  cannotAdd: 'cannot be added',
  chosen: (n) => `${n} selected`,
  submit: (n) => (n === 1 ? 'Add 1 listing' : `Add ${n} listings`),
  submitNone: 'Add selected',
  cancel: shared.cancel,
  adding: 'Adding …',
  limitReached: (n) =>
    n === 1
      ? 'No more fit: there is room for 1 listing only.'
      : `No more fit: there is room for ${n} listings only.`,
  chooseFirst: 'Please choose at least one listing first.',
  tooMany: (n, m) => `${n} listings chosen, but only ${m} still fit into the project.`,
  alreadyIn: (id) => `Listing ${id} is already in this project.`,
  listingUnpublished: (id) => `Listing ${id} is not published and cannot be added.`,
  noProject: 'Please choose a project first.',
  created: 'added',
  refused: 'refused',
  results: 'Result',
  addedSummary: (ok, all) =>
    ok === all
      ? ok === 1
        ? '1 listing was added.'
        : `${ok} listings were added.`
      : `${ok} of ${all} listings were added, ${all - ok} refused.`,
  selected: (n) => `Project “${n}” selected.`,
  loadedEntries: (n) => (n === 1 ? '1 listing loaded.' : `${n} listings loaded.`),
  loadedProjects: (n) =>
    n === 1 ? '1 building project loaded.' : `${n} building projects loaded.`,
  showMore: (n, kind) => {
    const what = { projects: 'project', listings: 'listing', results: 'result' }[kind];
    return `Show ${n === 1 ? '1 more' : `${enNumber(n)} more`} ${what}${n === 1 ? '' : 's'}`;
  },
  shownOf: (shown, all) => `${enNumber(shown)} of ${enNumber(all)} shown`,
  retry: shared.retry,
  authTitle: 'Sign-in required',
  authText: 'Your sign-in is missing or has expired. Once you are signed in again, this continues.',
  errProjects: 'The building projects could not be loaded.',
  errEntries: 'The listings of the project could not be loaded.',
  errOwn: 'Your listings could not be loaded.',
  errAdd: 'The listings could not be added.',
  unexpected: 'Unexpected error.',
  types: {
    ApartmentRent: 'Flat to rent',
    ApartmentBuy: 'Flat to buy',
    HouseRent: 'House to rent',
    HouseBuy: 'House to buy',
  },
};

export default en;
