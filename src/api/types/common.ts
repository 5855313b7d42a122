/** Namespaces (docs/interface.md#xml-and-json) and country codes every part of the interface shares. */

/** XML namespaces of the service, bound by URI (never by prefix). */
export const NS = {
  common: 'http://rest.immobilienscout24.de/schema/common/1.0',
  expose: 'http://rest.immobilienscout24.de/schema/search/expose/1.0',
  region: 'http://rest.immobilienscout24.de/schema/search/region/1.0',
  realestateproject: 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0',
  realestates: 'http://rest.immobilienscout24.de/schema/offer/realestates/1.0',
  gis: 'http://rest.immobilienscout24.de/schema/platform/gis/1.0',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xlink: 'http://www.w3.org/1999/xlink',
} as const;

/** Country codes of the geo resources (path parameter `country`). */
export const COUNTRIES = ['DEU', 'AUT'] as const;
export type Country = (typeof COUNTRIES)[number];
