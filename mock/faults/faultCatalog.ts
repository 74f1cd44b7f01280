// mock/server.ts imports the catalogue under this name; the catalogue itself lives in catalog.ts.
export { faultCatalog } from './catalog.ts';
