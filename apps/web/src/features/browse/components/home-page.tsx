import { BrowsePage } from './browse-page';

/** Home (/home, spec viewer 6): hero carousel, TV Thrillers, Your Favourites, Continue Watching, Featured… */
export function HomePage() {
  return <BrowsePage title="home" variant="home" />;
}
