import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { LibraryRepo } from './repo.js';
import { libraryRoutes } from './routes.js';
import { type CardPresenter, LibraryService } from './service.js';

export interface LibraryDeps {
  clock: Clock;
  db: Kysely<Database>;
  /** The catalogue's card presenter, so the library's lists show the same cards as the catalogue. */
  cards: CardPresenter;
}

/** Watch list, favourites, playback progress and ratings of the viewer site. */
export function createLibraryModule(deps: LibraryDeps) {
  const repos = { library: new LibraryRepo(deps.db) };
  const services = { library: new LibraryService(repos.library, deps.cards, deps.clock) };
  return { repos, services };
}

export type LibraryModule = ReturnType<typeof createLibraryModule>;

export function registerLibraryRoutes(app: AppInstance, library: LibraryModule): void {
  libraryRoutes(app, library.services.library);
}
