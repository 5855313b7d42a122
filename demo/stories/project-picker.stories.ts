import type { Story } from '../story.js';
import { sandboxFault, sandboxFixtures, sandboxToken } from '../story.js';
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';

interface ProjectFixtures {
  projects: Record<
    'basicAlmostFull' | 'basicFull' | 'basicFew' | 'unpublished' | 'premium' | 'withoutTitle',
    string
  >;
  /** Publication state and product per project: what the project list does not say. */
  projectFacts: NonNullable<ProjectPicker['projectFacts']>;
}

/**
 * Gives every <project-picker> in the story a sandbox user token (the host page's job: it
 * holds the logged-in user's token) and, optionally, opens a seeded project. The elements
 * are taken out of the page until the token is there, so they never ask without one.
 */
const signedIn =
  (pick?: (fx: ProjectFixtures) => string, before?: () => Promise<void>, facts = true) =>
  async (container: HTMLElement): Promise<void> => {
    const els = [...container.querySelectorAll<ProjectPicker>('project-picker')];
    const spots = els.map((el) => {
      const spot = document.createComment('');
      el.replaceWith(spot);
      return spot;
    });
    await before?.();
    const token = await sandboxToken();
    const fx = await sandboxFixtures<ProjectFixtures>();
    const projectId = pick ? pick(fx) : undefined;
    els.forEach((el, i) => {
      el.token = token;
      // The host page knows publication state and product (the list does not say them).
      if (facts) el.projectFacts = fx.projectFacts;
      if (projectId) el.projectId = projectId;
      spots[i]!.replaceWith(el);
    });
  };

const stories: Story[] = [
  {
    name: 'Projects of the demo user',
    description:
      'The logged-in developer\'s building projects; the host page passes publication state and product (projectFacts), which the project list does not carry, so the element shows them and entries used ("14 / 15"). Choose one with the arrow keys and Enter, then "Angebote hinzufügen" to add own published listings; several chosen listings go out in one request.',
    html: '<project-picker></project-picker>',
    setup: signedIn(),
  },
  {
    name: 'BASIC project with one place left',
    description:
      'A BASIC project at 14 of 15 entries: the picker says that one more fits and refuses a second choice. Add one and the project is full; the action is then disabled and explained.',
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.basicAlmostFull),
  },
  {
    name: 'Full BASIC project',
    description:
      'A BASIC project with all 15 entries: the add action is disabled and the limit is explained; the entries are listed as usual.',
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.basicFull),
  },
  {
    name: 'Unpublished project',
    description:
      'An unpublished project cannot take entries: the add action is disabled and the reason is shown and read out.',
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.unpublished),
  },
  {
    name: 'State and product unknown: refusal explained',
    description:
      "Without projectFacts the element knows only what the service lists: no state, no product. It lets the visitor add to this full BASIC project, and explains the service's refusal per listing from the 15 entries it counted.",
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.basicFull, undefined, false),
  },
  {
    name: 'Unpublished, not known in advance',
    description:
      'Without projectFacts an unpublished project looks like any other; the add is sent and the refusal explained: the project is probably not published yet.',
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.unpublished, undefined, false),
  },
  {
    name: 'Project without title',
    description:
      "The service documents project records without the schema's mandatory title; the element shows the name and carries on.",
    html: '<project-picker></project-picker>',
    setup: signedIn((fx) => fx.projects.withoutTitle),
  },
  {
    name: 'English',
    description: 'lang="en": every label, state and announcement in English.',
    html: '<project-picker lang="en"></project-picker>',
    setup: signedIn((fx) => fx.projects.basicFew),
  },
  {
    name: 'Sign-in expired, host recovers',
    description:
      'The element starts without a token: the service answers 401, the element fires auth-required and says so. This page listens for the event, fetches a fresh sandbox token after a click and sets it; the element re-runs the failed request.',
    expectFailedRequests: true,
    html: '<project-picker></project-picker>\n<button type="button" id="signin">Anmelden (Sandbox-Token holen)</button>',
    setup: (container) => {
      const el = container.querySelector<ProjectPicker>('project-picker')!;
      const button = container.querySelector<HTMLButtonElement>('#signin')!;
      el.addEventListener('auth-required', () => (button.hidden = false));
      button.hidden = true;
      button.addEventListener('click', async () => {
        el.token = await sandboxToken();
        button.hidden = true;
      });
    },
  },
  {
    name: 'Failing service',
    description:
      'The sandbox answers the project list once with HTTP 500: the error is shown with a retry button, which then succeeds.',
    html: '<project-picker></project-picker>',
    setup: signedIn(undefined, () => sandboxFault({ route: 'projects', status: 500, times: 1 })),
  },
];

export default stories;
