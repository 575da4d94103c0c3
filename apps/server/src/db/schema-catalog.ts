/** Tables of the catalogue and media pipeline (titles, seasons, episodes, media, jobs, ...). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the catalogue module
export interface CatalogTables {}
