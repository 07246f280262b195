// The catalogue's read side (docs/decisions/039): the storefront's questions answered from the in-memory read model
// (docs/decisions/018), its one input being the catalogue change log (`catalog_version`, `catalog_change`). This
// file is the room's only door: nothing outside modules/catalog/read imports another of its files (the boundaries
// test checks it).

export { listProductsJson } from './listing.ts';
export { catalogModel, type CatalogModel } from './model.ts';
export { shopperSay, modelSay } from './texts.ts';
export { publishedRatings } from './model.repository.ts';
export { suggestJson } from './suggest.ts';
