import type { Lang } from '../../shared/i18n.js';
import { SHARED, pick } from '../../shared/strings.js';

/** A shared sentence as this table's `de|en` pair. */
const both = (k: 'retry' | 'cancel' | 'choose' | 'copied') => `${SHARED.de[k]}|${SHARED.en[k]}`;

/**
 * Every visible string and announcement of `<property-text>`, German|English in one string
 * like the labels below (each language's half is picked once, in `strings()`).
 */
/** The latest year a year field takes (model.ts checks it, the message names it). */
export const YEAR_MAX = 2100;

const TEXT = {
  objectLegend: 'Objekt|Property',
  // `required` itself is announced; the asterisk after the two type legends is hidden
  requiredNote: 'Pflichtangaben sind mit * markiert.|Required entries are marked with *.',
  realEstateType: 'Immobilienart|Property type',
  transactionType: 'Vermarktungsart|Offer type',
  // group legends, by group id
  location: 'Lage|Location',
  size: 'Größe und Zimmer|Size and rooms',
  condition: 'Zustand und Ausstattung|Condition and equipment',
  energy: 'Energie|Energy',
  costs: 'Kosten|Costs',
  geoLabel: 'Adresse suchen|Search address',
  geoHint:
    'Ort, Postleitzahl oder Straße eingeben und aus der Liste wählen; Straße, PLZ, Ort und Koordinaten werden übernommen.|' +
    'Type a place, postcode or street and pick it from the list; street, postcode, city and coordinates are filled in.',
  geoLoading: 'Koordinaten werden geladen …|Loading coordinates …',
  // followed by the picked place's label
  geoFilled: 'Adresse übernommen:|Address filled in:',
  geoError:
    'Die Koordinaten des gewählten Orts konnten nicht geladen werden. Die Adresse bleibt erhalten.|' +
    'The coordinates of the chosen place could not be loaded. The address is kept.',
  coords: 'Koordinaten|Coordinates',
  noCoords: 'keine (Adresse über die Suche wählen)|none (pick the address through the search)',
  clearCoords: 'Koordinaten entfernen|Remove coordinates',
  choose: both('choose'),
  generate: 'Text erzeugen|Generate text',
  regenerate: 'Erneut erzeugen|Generate again',
  cancel: both('cancel'),
  cancelled:
    'Die Texterzeugung wurde abgebrochen. Ihre Eingaben bleiben erhalten.|' +
    'Text generation was cancelled. Your entries are kept.',
  generating: 'Text wird erzeugt …|Generating text …',
  generated: 'Überschrift und Text wurden erzeugt.|Headline and text have been generated.',
  result: 'Ergebnis|Result',
  headline: 'Überschrift|Headline',
  propertyText: 'Beschreibung|Description',
  copyHeadline: 'Überschrift kopieren|Copy headline',
  copyText: 'Beschreibung kopieren|Copy description',
  copied: both('copied'),
  copyFailed:
    'Kopieren nicht möglich. Bitte markieren und manuell kopieren.|' +
    'Copying is not possible. Please select the text and copy it by hand.',
  retry: both('retry'),
  authWaiting:
    'Ihre Anmeldung ist abgelaufen oder fehlt. Sobald Sie wieder angemeldet sind, wird der Text automatisch erzeugt.|' +
    'Your sign-in has expired or is missing. As soon as you are signed in again, the text is generated automatically.',
  authFailed:
    'Die Anmeldung wurde nicht akzeptiert. Bitte melden Sie sich erneut an und versuchen Sie es noch einmal.|' +
    'The sign-in was not accepted. Please sign in again and try once more.',
  errRejected: 'Der Dienst hat die Angaben abgelehnt.|The service rejected the data.',
  errFields: 'Beanstandete Felder: |Fields rejected: ',
  errData:
    'Die übergebenen Daten enthalten unbekannte oder ungültige Angaben: |' +
    'The data passed in contains unknown or invalid entries: ',
  // the summary above the form; {n}: the number of entries to correct
  invalidOne: 'Bitte korrigieren Sie 1 Eingabe.|Please correct 1 entry.',
  invalidMany: 'Bitte korrigieren Sie {n} Eingaben.|Please correct {n} entries.',
  vRequired: 'Bitte wählen Sie einen Wert.|Please choose a value.',
  vNumber:
    'Bitte eine Zahl ab 0 mit höchstens zwei Nachkommastellen und ohne Tausendertrennzeichen eingeben, z. B. 1234,5.|' +
    'Please enter a number from 0 with at most two decimals and no thousands separators, e.g. 1234.5.',
  vInteger: 'Bitte eine ganze Zahl ab 0 eingeben.|Please enter a whole number from 0.',
  vSignedInteger:
    'Bitte eine ganze Zahl eingeben (Untergeschoss mit Minus, z. B. -1).|' +
    'Please enter a whole number (below ground with a minus, e.g. -1).',
  vYear: `Bitte ein Jahr zwischen 1000 und ${YEAR_MAX} eingeben.|Please enter a year between 1000 and ${YEAR_MAX}.`,
  vRefurb:
    'Die letzte Modernisierung kann nicht vor dem Baujahr liegen.|' +
    'The last refurbishment cannot be before the year of construction.',
  vDate:
    'Bitte ein gültiges Datum als Tag.Monat.Jahr eingeben, z. B. 01.10.2025.|' +
    'Please enter a valid date as day.month.year, e.g. 01.10.2025.',
  vDeposit:
    'Bitte einen Betrag mit höchstens zwei Nachkommastellen und ohne Tausendertrennzeichen eingeben, z. B. 1500,00.|' +
    'Please enter an amount with at most two decimals and no thousands separators, e.g. 1500.00.',
  vDetails:
    'Bitte machen Sie mindestens eine Angabe zum Objekt, z. B. die Wohnfläche.|' +
    'Please give at least one detail of the property, e.g. the living space.',
  vServer: 'Vom Dienst beanstandet.|Rejected by the service.',
};

export type Strings = Record<keyof typeof TEXT, string>;

const byLang: Partial<Record<Lang, Strings>> = {};

/** The strings of one language. */
export const strings = (lang: Lang): Strings =>
  (byLang[lang] ??= Object.fromEntries(Object.entries(TEXT).map(([k, s]) => [k, pick(lang, s)])) as Strings);

/**
 * Labels of the request's fields, German|English, by group of the form and in the order the
 * form shows them (model.ts takes the groups and their order from here). The coordinates
 * have no input of their own; their labels name them in the service's error messages.
 */
export const FIELD_GROUPS = {
  location: {
    street: 'Straße|Street',
    number: 'Hausnummer|House number',
    postalCode: 'PLZ|Postcode',
    city: 'Ort|City',
    district: 'Stadtteil|District',
  },
  size: {
    livingSpace: 'Wohnfläche (m²)|Living space (m²)',
    propertySize: 'Grundstücksfläche (m²)|Plot size (m²)',
    noRooms: 'Zimmer|Rooms',
    noBathrooms: 'Badezimmer|Bathrooms',
    noFloors: 'Anzahl Geschosse|Number of floors',
    floor: 'Etage|Floor',
    noParkingSpaces: 'Anzahl Stellplätze|Parking spaces',
    noSimilarObjects: 'Anzahl gleichartiger Objekte|Number of similar units',
  },
  condition: {
    buildingType: 'Objekttyp|Building type',
    constructionPhase: 'Bauphase|Construction phase',
    condition: 'Zustand|Condition',
    interiorQuality: 'Qualität der Ausstattung|Interior quality',
    constructionYear: 'Baujahr|Year of construction',
    lastRefurbishment: 'Letzte Modernisierung (Jahr)|Last refurbishment (year)',
    moveInDate: 'Bezugsfrei ab (TT.MM.JJJJ)|Available from (dd.mm.yyyy)',
    parkingSpaceType: 'Stellplatzart|Parking space type',
    petsAllowed: 'Haustiere|Pets',
    balconyTerrace: 'Balkon/Terrasse|Balcony/terrace',
    basement: 'Keller|Cellar',
    elevator: 'Aufzug|Lift',
    equippedKitchen: 'Einbauküche|Fitted kitchen',
    guestToilet: 'Gäste-WC|Guest toilet',
    garageParkingSpace: 'Garage/Stellplatz|Garage/parking space',
    handicappedAccessible: 'Barrierefrei|Step-free access',
    sharedGarden: 'Gartenmitbenutzung|Shared garden',
    flatShareSuitable: 'WG-geeignet|Suitable for flat sharing',
    floorPlan: 'Grundriss vorhanden|Floor plan available',
    monument: 'Denkmalschutzobjekt|Listed building',
    summerResidencePractical: 'Als Ferienhaus geeignet|Suitable as holiday home',
  },
  energy: {
    buildingEnergyRatingType: 'Energieausweistyp|Energy certificate type',
    heatingType: 'Heizungsart|Heating type',
    firingType: 'Wesentliche Energieträger|Main energy sources',
    thermalCharacteristic: 'Energiekennwert (kWh/(m²·a))|Energy performance (kWh/(m²·a))',
    demand: 'Endenergiebedarf (kWh/(m²·a))|Final energy demand (kWh/(m²·a))',
    efficiencyClass: 'Energieeffizienzklasse|Energy efficiency class',
    energyCertificateAvailability: 'Energieausweis|Energy certificate',
    energyCertificateCreationDate: 'Energieausweis erstellt|Energy certificate issued',
    consumptionContainsWarmWater: 'Energieverbrauch enthält Warmwasser|Consumption includes hot water',
  },
  costs: {
    price: 'Kaufpreis (€)|Purchase price (€)',
    monthlyRent: 'Kaltmiete (€ pro Monat)|Base rent (€ per month)',
    additionalCosts: 'Nebenkosten (€ pro Monat)|Additional costs (€ per month)',
    heatingCostsOption: 'Heizkosten|Heating costs',
    deposit: 'Kaution (€)|Deposit (€)',
    parkingSpaceRent: 'Miete Stellplatz (€ pro Monat)|Parking space rent (€ per month)',
    rentalIncome: 'Mieteinnahmen (€ pro Jahr)|Rental income (€ per year)',
    rentSubsidy: 'Mietzuschuss (€ pro Monat)|Rent subsidy (€ per month)',
    rented: 'Vermietet|Currently let',
    certificateOfEligibilityNeeded: 'Wohn\u00adberechtigungs\u00adschein erforderlich|Certificate of eligibility needed',
  },
  coordinates: {
    latitude: 'Breite|Latitude',
    longitude: 'Länge|Longitude',
    lambertEuCoordinatesX: 'Lambert X',
    lambertEuCoordinatesY: 'Lambert Y',
  },
};

/** Every field's label, by field name. */
export const FIELD_LABELS: Record<string, string> = Object.assign({}, ...Object.values(FIELD_GROUPS));

/** Hints shown under some inputs (format examples), German|English. */
export const FIELD_HINTS: Record<string, string> = {
  deposit: 'z. B. 1500,00|e.g. 1500.00',
  moveInDate: 'z. B. 01.10.2025|e.g. 01.10.2025',
  floor: 'Erdgeschoss 0, Untergeschoss -1|Ground floor 0, below ground -1',
};

const NO_INFO = 'Keine Angabe|No information';

/**
 * German|English labels of every enum value the form offers, by enum name, in the order of
 * the client's value lists in src/api/types.ts (the comments name the values; the browser
 * test pins every value's label, so a list whose order changes fails there).
 */
export const ENUM_LABELS: Record<string, string[]> = {
  realEstateType: ['Haus|House', 'Wohnung|Apartment'], // house, apartment
  transactionType: ['Miete|Rent', 'Kauf|Sale'], // rent, sale
  condition: [
    NO_INFO, // NO_INFORMATION
    'Erstbezug|First occupancy', // FIRST_TIME_USE
    'Erstbezug nach Sanierung|First occupancy after refurbishment', // FIRST_TIME_USE_AFTER_REFURBISHMENT
    'Neuwertig|Mint condition', // MINT_CONDITION
    'Saniert|Refurbished', // REFURBISHED
    'Modernisiert|Modernised', // MODERNIZED
    'Vollständig renoviert|Fully renovated', // FULLY_RENOVATED
    'Gepflegt|Well kept', // WELL_KEPT
    'Renovierungsbedürftig|In need of renovation', // NEED_OF_RENOVATION
    'Nach Vereinbarung|Negotiable', // NEGOTIABLE
    'Abbruchreif|Ripe for demolition', // RIPE_FOR_DEMOLITION
  ],
  buildingEnergyRatingType: [
    'Bedarfsausweis|Energy demand certificate', // ENERGY_REQUIRED
    'Verbrauchsausweis|Energy consumption certificate', // ENERGY_CONSUMPTION
  ],
  heatingType: [
    NO_INFO, // NO_INFORMATION
    'Zentralheizung|Central heating', // CENTRAL_HEATING
    'Blockheizkraftwerk|Combined heat and power plant', // COMBINED_HEAT_AND_POWER_PLANT
    'Fernwärme|District heating', // DISTRICT_HEATING
    'Elektroheizung|Electric heating', // ELECTRIC_HEATING
    'Fußbodenheizung|Underfloor heating', // FLOOR_HEATING
    'Gasheizung|Gas heating', // GAS_HEATING
    'Wärmepumpe|Heat pump', // HEAT_PUMP
    'Nachtspeicherofen|Night storage heater', // NIGHT_STORAGE_HEATER
    'Ölheizung|Oil heating', // OIL_HEATING
    'Etagenheizung|Self-contained central heating', // SELF_CONTAINED_CENTRAL_HEATING
    'Solarheizung|Solar heating', // SOLAR_HEATING
    'Ofenheizung|Stove heating', // STOVE_HEATING
    'Holzpelletheizung|Wood pellet heating', // WOOD_PELLET_HEATING
  ],
  interiorQuality: [
    NO_INFO, // NO_INFORMATION
    'Luxus|Luxury', // LUXURY
    'Gehoben|Sophisticated', // SOPHISTICATED
    'Normal', // NORMAL
    'Einfach|Simple', // SIMPLE
  ],
  apartmentBuildingType: [
    NO_INFO, // NO_INFORMATION
    'Dachgeschoss|Attic', // ATTIC
    'Erdgeschosswohnung|Ground floor', // GROUND_FLOOR
    'Etagenwohnung|Apartment', // APARTMENT
    'Hochparterre|Raised ground floor', // ENTRESOL
    'Loft', // LOFT
    'Maisonette', // DUPLEX
    'Penthouse', // PENTHOUSE
    'Souterrain|Basement flat', // BASEMENT
    'Terrassenwohnung|Terrace flat', // TERRACE
    'Sonstige|Other', // OTHER
  ],
  houseBuildingType: [
    NO_INFO, // NO_INFORMATION
    'Einfamilienhaus|Detached house', // SINGLE_FAMILY_HOUSE
    'Reihenmittelhaus|Mid-terrace house', // MID_TERRACE_HOUSE
    'Reihenendhaus|End-terrace house', // END_TERRACE_HOUSE
    'Mehrfamilienhaus|Multi-family house', // MULTI_FAMILY_HOUSE
    'Bungalow', // BUNGALOW
    'Bauernhaus|Farmhouse', // FARMHOUSE
    'Doppelhaushälfte|Semi-detached house', // SEMIDETACHED_HOUSE
    'Villa', // VILLA
    'Burg/Schloss|Castle/manor house', // CASTLE_MANOR_HOUSE
    'Besondere Immobilie|Special property', // SPECIAL_REAL_ESTATE
    'Sonstige|Other', // OTHER
  ],
  constructionPhase: [
    NO_INFO, // NO_INFORMATION
    'In Planung|Projected', // PROJECTED
    'Im Bau|Under construction', // UNDER_CONSTRUCTION
    'Fertiggestellt|Completed', // COMPLETED
  ],
  // The next six are strings whose full value sets SPEC.md 2.4 leaves open; the values
  // offered are the client's lists (APARTMENT_OPEN_FIELD_VALUES in src/api/types.ts), and
  // any other value passed in through `data` is kept and shown as it is.
  efficiencyClass: [
    NO_INFO, // NO_INFORMATION
    'A+', // A_PLUS
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', // A to H
    'Nicht anwendbar|Not applicable', // NOT_APPLICABLE
  ],
  energyCertificateAvailability: [
    'Liegt vor|Available', // AVAILABLE
    'Liegt noch nicht vor|Not available yet', // NOT_AVAILABLE_YET
    'Nicht erforderlich|Not required', // NOT_REQUIRED
  ],
  energyCertificateCreationDate: [
    'Vor dem 01.05.2014 (EnEV 2009)|Before 1 May 2014 (EnEV 2009)', // BEFORE_01_05_2014
    'Ab dem 01.05.2014 (EnEV 2014)|From 1 May 2014 (EnEV 2014)', // FROM_01_05_2014
    'Nicht anwendbar|Not applicable', // NOT_APPLICABLE
  ],
  heatingCostsOption: [
    'In Nebenkosten enthalten|Included in additional costs', // heatingCostsIncluded
    'Nicht in Nebenkosten enthalten|Not included in additional costs', // heatingCostsNotIncluded
  ],
  petsAllowed: [
    NO_INFO, // NO_INFORMATION
    'Erlaubt|Allowed', // YES
    'Nicht erlaubt|Not allowed', // NO
    'Nach Vereinbarung|Negotiable', // NEGOTIABLE
  ],
  firingType: [
    NO_INFO, // NO_INFORMATION
    'Erdwärme|Geothermal', // GEOTHERMAL
    'Solar', // SOLAR_HEATING
    'Holzpellets|Wood pellets', // PELLET_HEATING
    'Gas', // GAS
    'Öl|Oil', // OIL
    'Fernwärme|District heating', // DISTRICT_HEATING
    'Strom|Electricity', // ELECTRICITY
    'Kohle|Coal', // COAL
  ],
  parkingSpaceType: [
    'Außenstellplatz|Outdoor parking space', // OUTSIDE
    'Carport', // CARPORT
    'Duplex-Stellplatz|Duplex parking space', // DUPLEX
    'Garage', // GARAGE
    'Parkhaus|Multi-storey car park', // CAR_PARK
    'Tiefgarage|Underground garage', // UNDERGROUND_GARAGE
  ],
};

export { pick };

/** The label of an enum value: by its place in the client's list `values`; a value not in the list as it is. */
export const enumLabel = (lang: Lang, labels: string, values: readonly string[], v: string): string => {
  const l = ENUM_LABELS[labels]?.[values.indexOf(v)];
  return l ? pick(lang, l) : v;
};
