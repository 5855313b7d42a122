import type { SandboxState } from './state.js';
import { DEMO_ESTATES, OTHER_ESTATES, SEED_EXPOSES, SEED_PROJECTS, SEED_USERS } from './seed.js';
import { statisticFixtures } from './statistic.js';

/** What was seeded, so that tests and the demo never hard-code ids (GET sandbox/fixtures). */
export function fixtures(state: SandboxState) {
  const byType = (t: string) =>
    SEED_EXPOSES.filter((e) => e.contactFormType === t).map((e) => e.id);
  const project = (pred: (p: (typeof SEED_PROJECTS)[number]) => boolean) =>
    SEED_PROJECTS.find(pred)!.id;
  const demoProjects = SEED_PROJECTS.filter((p) => p.owner === 'demo');
  const inAnyDemoProject = new Set(
    demoProjects.flatMap((p) => (state.projectEntries.get(p.id) ?? []).map((e) => e.realEstateId)),
  );
  return {
    users: Object.values(SEED_USERS).map((u) => ({
      username: u.username,
      customerNumber: u.customerNumber,
    })),
    exposes: {
      EMAIL: byType('EMAIL'),
      PHONE: byType('PHONE'),
      LONG: byType('LONG'),
      NONE: byType('NONE'),
      all: SEED_EXPOSES.map((e) => ({
        id: e.id,
        contactFormType: e.contactFormType,
        purpose: e.purpose,
        title: e.title,
      })),
    },
    projects: {
      /** Published BASIC project seeded with 14 entries: one more fits, the 16th is refused. */
      basicAlmostFull: project((p) => p.name === 'Wohnpark Spreebogen'),
      /** Published BASIC project seeded with 15 entries: full, every add is refused. */
      basicFull: project((p) => p.name === 'Hafenterrassen'),
      basicFew: project((p) => p.name === 'Stadtvillen am Rosenpark'),
      unpublished: project((p) => !p.published),
      premium: project((p) => p.product === 'PREMIUM'),
      withoutTitle: project((p) => p.owner === 'demo' && !p.title),
      foreign: project((p) => p.owner === 'other'),
    },
    /**
     * What the project list does not say and only the sandbox knows: publication state and
     * product per project of demo, in the shape of project-picker's `projectFacts` (what a
     * partner who knows them passes on).
     */
    projectFacts: Object.fromEntries(
      demoProjects.map((p) => [p.id, { published: p.published, product: p.product }]),
    ),
    demoRealEstates: {
      published: DEMO_ESTATES.filter((e) => e.state === 'ACTIVE').map((e) => e.id),
      unpublished: DEMO_ESTATES.filter((e) => e.state === 'INACTIVE').map((e) => e.id),
      /** Published ones in no project of demo right now. */
      free: DEMO_ESTATES.filter((e) => e.state === 'ACTIVE' && !inAnyDemoProject.has(e.id)).map(
        (e) => e.id,
      ),
    },
    foreignRealEstateId: OTHER_ESTATES.find((e) => e.state === 'ACTIVE')!.id,
    statistic: statisticFixtures(state),
    strictContact: state.strictContact,
  };
}
