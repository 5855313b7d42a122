/** The region statistic (docs/interface.md#statistic): real-estate types, query and model. */

/** `RealEstateType` of the service's common schema, in schema order. */
export const REAL_ESTATE_TYPES = [
  'APARTMENT_RENT',
  'APARTMENT_BUY',
  'HOUSE_RENT',
  'HOUSE_BUY',
  'GARAGE_RENT',
  'GARAGE_BUY',
  'LIVING_RENT_SITE',
  'LIVING_BUY_SITE',
  'TRADE_SITE',
  'HOUSE_TYPE',
  'FLAT_SHARE_ROOM',
  'SENIOR_CARE',
  'ASSISTED_LIVING',
  'OFFICE',
  'INDUSTRY',
  'STORE',
  'GASTRONOMY',
  'SPECIAL_PURPOSE',
  'INVESTMENT',
  'COMPULSORY_AUCTION',
  'SHORT_TERM_ACCOMMODATION',
] as const;
export type RealEstateType = (typeof REAL_ESTATE_TYPES)[number];

/** The query form of a real-estate type: lower case without separators (`HOUSE_BUY` → `housebuy`). */
export function realEstateTypeParam(type: RealEstateType): string {
  return type.replace(/_/g, '').toLowerCase();
}

export interface StatisticQuery {
  geocode: string | number;
  realEstateTypes?: readonly RealEstateType[];
  customerNumber?: string;
  username?: string;
  channel?: string;
}

export interface GeoHierarchyElement {
  /** `City`, `Quarter` … without namespace prefix; undefined when the element has no xsi:type. */
  type?: string;
  /** Optional in the schema: undefined when the answer has none. */
  name?: string;
  geoCodeId: string;
  statistics: { realEstateType: RealEstateType | string; count: number }[];
}

export interface GeoHierarchyStatistic {
  parent: GeoHierarchyElement;
  children: GeoHierarchyElement[];
}
