import { PAINTED_SECTIONS } from '@salomtv/contract';
import { browseFilters } from '../../../shared/api/catalog';
import { BrowsePage } from './browse-page';

/** Kids section (/kidsection, spec viewer 7): titles rated All or 7+ only. */
export function KidsSectionPage() {
  return <BrowsePage title={PAINTED_SECTIONS['/kidsection'].title} filters={browseFilters.kids} />;
}
