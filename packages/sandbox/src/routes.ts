import type { Router } from './router.js';
import type { SandboxState } from './state.js';
import { registerSandboxRoutes } from './routes-sandbox.js';
import { registerStatistic } from './statistic.js';
import { registerGeoRoutes } from './routes-geo.js';
import { registerExpose } from './expose.js';
import { registerContact } from './contact.js';
import { registerProjects } from './projects.js';
import { registerPropertyText } from './property-text.js';

/** Every route of the sandbox. */
export function registerRoutes(router: Router, state: SandboxState): void {
  registerSandboxRoutes(router, state);
  registerGeoRoutes(router, state);
  registerStatistic(router, state);
  registerExpose(router);
  registerContact(router, state);
  registerProjects(router, state);
  registerPropertyText(router, state);
}
