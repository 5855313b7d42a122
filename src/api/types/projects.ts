/** Building projects (docs/interface.md#building-projects). */
import type { ContactAddress } from './contact.js';
import type { InteriorQuality } from './property-text.js';

export type ProjectProduct = 'BASIC' | 'PREMIUM' | (string & {});

/** Entries a BASIC project accepts (docs/interface.md#limits). */
export const BASIC_PROJECT_MAX_ENTRIES = 15;

/** A `minimal`/`maximal` range (common:PriceRangeMandatory, AreaRangeMandatory); a bound the answer lacks is undefined. */
export interface Range {
  minimal?: number;
  maximal?: number;
}

/**
 * One project of the project list (docs/interface.md#building-projects: it carries only the
 * `id`, `name`, `price`, `space`, `numberOfHousingUnit`, `interiorQuality`, `freeFrom` and
 * `address`). The list says nothing about whether the project is published, which product
 * it has booked or how many entries it holds, so the model has no such fields: the number
 * of entries comes from {@link listProjectEntries}, publication state and product only from
 * whoever knows them (see project-picker's `projectFacts`). Every field but `id` is
 * undefined when the answer did not carry it.
 */
export interface RealEstateProject {
  id: string;
  name?: string;
  /** Only the single project carries it (the list omits it although the schema requires it). */
  title?: string;
  price?: Range;
  space?: Range;
  numberOfHousingUnit?: number;
  interiorQuality?: InteriorQuality | (string & {});
  /** Free text, e.g. `Frühjahr 2026`. */
  freeFrom?: string;
  address?: ContactAddress;
}

/** One entry of a project's entries list. */
export interface RealEstateProjectEntry {
  /** The entry's own id (attribute `id`). */
  id?: string;
  realEstateId?: string;
  realEstateExternalId?: string;
}

export interface OwnRealEstate {
  id: string;
  title?: string;
  /** `xsi:type` without prefix, e.g. `ApartmentBuy`; undefined when not given. */
  type?: string;
  /** `realEstateState` is ACTIVE; undefined when the listing does not say. */
  published?: boolean;
  address?: ContactAddress;
}

/**
 * The outcome of adding one listing: one result per listing sent, in the order sent.
 * `realEstateId` is the id that was sent; the service's answer entry may echo it, only the
 * listing's `realEstateExternalId`, or nothing.
 */
export interface ProjectEntryResult {
  realEstateId: string;
  /** Echoed by the answer entry, when it did. */
  realEstateExternalId?: string;
  /** The answer entry's `messageCode`; undefined when the answer had no entry for this listing or no code. */
  messageCode?: string;
  /** The service's text (English, for logs: never shown to visitors). */
  message?: string;
  /** true iff messageCode is MESSAGE_RESOURCE_CREATED. */
  ok: boolean;
}
