import { browseFilters } from '../../../shared/api/catalog';
import { BrowsePage } from './browse-page';

/** Kids section (/kidsection, spec viewer 7): titles rated All or 7+ only. */
export function KidsSectionPage() {
  return <BrowsePage title="kids_section" filters={browseFilters.kids} />;
}
