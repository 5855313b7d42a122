import type { SharedStrings } from './strings.js';

/** The kernel's strings in English (strings.ts), loaded the first time an element shows English. */
const en: SharedStrings = {
  retry: 'Try again',
  loading: 'Loading …',
  requiredNote: 'Required fields are marked with *.',
  required: 'Please fill in this field.',
  invalidCount: (n) => (n === 1 ? 'Please correct 1 field.' : `Please correct ${n} fields.`),
  invalidFields: (n, names) => `Please correct ${n === 1 ? '1 field' : `${n} fields`}: ${names}.`,
  kept: 'Your entries are kept.',
  cancel: 'Cancel',
  clear: 'Clear input',
  choose: 'Please choose',
  copied: 'Copied to the clipboard.',
  failure: {
    offline: ['Your device is offline.', 'Try again once you are back online.'],
    network: [
      'The service cannot be reached right now.',
      'Please check your internet connection and try again.',
    ],
    timeout: ['The service did not answer in time.', 'Please try again in a moment.'],
    busy: ['The service is busy right now.', 'Please wait a moment, then try again.'],
    server: ['Something went wrong at the service.', 'Please try again, or a little later.'],
    unreadable: ['The service sent an incomplete answer.', 'Please try again.'],
    auth: [
      'Your sign-in is missing or has expired.',
      'Please sign in again; what you entered is kept.',
    ],
    forbidden: [
      'Your account is not allowed to do this.',
      'Please contact the operator of this site.',
    ],
    notFound: [
      'What was asked for does not exist, or no longer does.',
      'Please check it, or reload the page.',
    ],
    conflict: ['The data changed in the meantime.', 'Please try again.'],
    rejected: ['The service did not accept the details.', 'Please check what you entered.'],
    invalid: ['Some details are missing or invalid.', 'Please check the marked fields.'],
    aborted: ['The request was cancelled.', 'You can start it again.'],
    unknown: ['Something went wrong.', 'Please try again.'],
  },
  retryIn: (s) => `Please try again in about ${s} seconds.`,
};

export default en;
