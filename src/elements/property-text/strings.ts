import type { Lang } from '../../shared/i18n.js';
import { YEAR_MAX } from './model.js';

/**
 * Every visible string and announcement of `<property-text>`, German|English in one string
 * like the labels below (each language's half is picked once, in `strings()`).
 */
const TEXT = {
  objectLegend: 'Objekt|Property',
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
  choose: 'Bitte wählen|Please choose',
  generate: 'Text erzeugen|Generate text',
  regenerate: 'Erneut erzeugen|Generate again',
  cancel: 'Abbrechen|Cancel',
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
  copied: 'In die Zwischenablage kopiert.|Copied to the clipboard.',
  copyFailed:
    'Kopieren nicht möglich. Bitte markieren und manuell kopieren.|' +
    'Copying is not possible. Please select the text and copy it by hand.',
  retry: 'Erneut versuchen|Try again',
  authWaiting:
    'Ihre Anmeldung ist abgelaufen oder fehlt. Sobald Sie wieder angemeldet sind, wird der Text automatisch erzeugt.|' +
    'Your sign-in has expired or is missing. As soon as you are signed in again, the text is generated automatically.',
  authFailed:
    'Die Anmeldung wurde nicht akzeptiert. Bitte melden Sie sich erneut an und versuchen Sie es noch einmal.|' +
    'The sign-in was not accepted. Please sign in again and try once more.',
  errRejected: 'Der Dienst hat die Angaben abgelehnt.|The service rejected the data.',
  errFields: 'Beanstandete Felder: |Fields rejected: ',
  errServer:
    'Beim Dienst ist ein Fehler aufgetreten. Ihre Eingaben bleiben erhalten.|' +
    'The service ran into an error. Your entries are kept.',
  errBusy:
    'Der Dienst ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.|' +
    'The service is busy right now. Please try again in a moment.',
  errNetwork: 'Keine Verbindung zum Dienst.|No connection to the service.',
  errTimeout: 'Der Dienst hat nicht rechtzeitig geantwortet.|The service did not answer in time.',
  errParse: 'Die Antwort des Dienstes war unverständlich.|The answer of the service could not be understood.',
  errOther: 'Der Text konnte nicht erzeugt werden.|The text could not be generated.',
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
    'Bitte einen Betrag mit höchstens zwei Nachkommastellen eingeben, z. B. 1500,00.|' +
    'Please enter an amount with at most two decimals, e.g. 1500.00.',
  vServer: 'Vom Dienst beanstandet.|Rejected by the service.',
};

export type Strings = Record<keyof typeof TEXT, string>;

const byLang: Partial<Record<Lang, Strings>> = {};

/** The strings of one language. */
export const strings = (lang: Lang): Strings =>
  (byLang[lang] ??= Object.fromEntries(Object.entries(TEXT).map(([k, s]) => [k, pick(lang, s)])) as Strings);

/**
 * Labels of the request's fields and enum values, German|English in one string to keep
 * the bundle small. Field labels are keyed by field name; enum labels by enum then value.
 */
export const FIELD_LABELS: Record<string, string> = {
  street: 'Straße|Street',
  number: 'Hausnummer|House number',
  postalCode: 'PLZ|Postcode',
  city: 'Ort|City',
  district: 'Stadtteil|District',
  buildingType: 'Objekttyp|Building type',
  constructionPhase: 'Bauphase|Construction phase',
  condition: 'Zustand|Condition',
  interiorQuality: 'Qualität der Ausstattung|Interior quality',
  buildingEnergyRatingType: 'Energieausweistyp|Energy certificate type',
  heatingType: 'Heizungsart|Heating type',
  parkingSpaceType: 'Stellplatzart|Parking space type',
  efficiencyClass: 'Energieeffizienzklasse|Energy efficiency class',
  energyCertificateAvailability: 'Energieausweis|Energy certificate',
  energyCertificateCreationDate: 'Energieausweis erstellt|Energy certificate issued',
  heatingCostsOption: 'Heizkosten|Heating costs',
  petsAllowed: 'Haustiere|Pets',
  firingType: 'Wesentliche Energieträger|Main energy sources',
  balconyTerrace: 'Balkon/Terrasse|Balcony/terrace',
  basement: 'Keller|Cellar',
  certificateOfEligibilityNeeded: 'Wohnberechtigungsschein erforderlich|Certificate of eligibility needed',
  consumptionContainsWarmWater: 'Energieverbrauch enthält Warmwasser|Consumption includes hot water',
  elevator: 'Aufzug|Lift',
  equippedKitchen: 'Einbauküche|Fitted kitchen',
  flatShareSuitable: 'WG-geeignet|Suitable for flat sharing',
  garageParkingSpace: 'Garage/Stellplatz|Garage/parking space',
  guestToilet: 'Gäste-WC|Guest toilet',
  handicappedAccessible: 'Barrierefrei|Step-free access',
  rented: 'Vermietet|Currently let',
  sharedGarden: 'Gartenmitbenutzung|Shared garden',
  floorPlan: 'Grundriss vorhanden|Floor plan available',
  monument: 'Denkmalschutzobjekt|Listed building',
  summerResidencePractical: 'Als Ferienhaus geeignet|Suitable as holiday home',
  additionalCosts: 'Nebenkosten (€ pro Monat)|Additional costs (€ per month)',
  livingSpace: 'Wohnfläche (m²)|Living space (m²)',
  propertySize: 'Grundstücksfläche (m²)|Plot size (m²)',
  monthlyRent: 'Kaltmiete (€ pro Monat)|Base rent (€ per month)',
  parkingSpaceRent: 'Miete Stellplatz (€ pro Monat)|Parking space rent (€ per month)',
  price: 'Kaufpreis (€)|Purchase price (€)',
  rentalIncome: 'Mieteinnahmen (€ pro Jahr)|Rental income (€ per year)',
  rentSubsidy: 'Mietzuschuss (€ pro Monat)|Rent subsidy (€ per month)',
  thermalCharacteristic: 'Energiekennwert (kWh/(m²·a))|Energy performance (kWh/(m²·a))',
  demand: 'Endenergiebedarf (kWh/(m²·a))|Final energy demand (kWh/(m²·a))',
  constructionYear: 'Baujahr|Year of construction',
  lastRefurbishment: 'Letzte Modernisierung (Jahr)|Last refurbishment (year)',
  floor: 'Etage|Floor',
  noBathrooms: 'Badezimmer|Bathrooms',
  noFloors: 'Anzahl Geschosse|Number of floors',
  noRooms: 'Zimmer|Rooms',
  noParkingSpaces: 'Anzahl Stellplätze|Parking spaces',
  noSimilarObjects: 'Anzahl gleichartiger Objekte|Number of similar units',
  deposit: 'Kaution (€)|Deposit (€)',
  moveInDate: 'Bezugsfrei ab (TT.MM.JJJJ)|Available from (dd.mm.yyyy)',
  latitude: 'Breite|Latitude',
  longitude: 'Länge|Longitude',
  lambertEuCoordinatesX: 'Lambert X',
  lambertEuCoordinatesY: 'Lambert Y',
};

/** Hints shown under some inputs (format examples), German|English. */
export const FIELD_HINTS: Record<string, string> = {
  deposit: 'z. B. 1500,00|e.g. 1500.00',
  moveInDate: 'z. B. 01.10.2025|e.g. 01.10.2025',
  floor: 'Erdgeschoss 0, Untergeschoss -1|Ground floor 0, below ground -1',
};

const NO_INFO = 'Keine Angabe|No information';

/** German|English labels of every enum value the form offers, by enum name then value. */
export const ENUM_LABELS: Record<string, Record<string, string>> = {
  realEstateType: { apartment: 'Wohnung|Apartment', house: 'Haus|House' },
  transactionType: { rent: 'Miete|Rent', sale: 'Kauf|Sale' },
  condition: {
    NO_INFORMATION: NO_INFO,
    FIRST_TIME_USE: 'Erstbezug|First occupancy',
    FIRST_TIME_USE_AFTER_REFURBISHMENT: 'Erstbezug nach Sanierung|First occupancy after refurbishment',
    MINT_CONDITION: 'Neuwertig|Mint condition',
    REFURBISHED: 'Saniert|Refurbished',
    MODERNIZED: 'Modernisiert|Modernised',
    FULLY_RENOVATED: 'Vollständig renoviert|Fully renovated',
    WELL_KEPT: 'Gepflegt|Well kept',
    NEED_OF_RENOVATION: 'Renovierungsbedürftig|In need of renovation',
    NEGOTIABLE: 'Nach Vereinbarung|Negotiable',
    RIPE_FOR_DEMOLITION: 'Abbruchreif|Ripe for demolition',
  },
  buildingEnergyRatingType: {
    ENERGY_REQUIRED: 'Bedarfsausweis|Energy demand certificate',
    ENERGY_CONSUMPTION: 'Verbrauchsausweis|Energy consumption certificate',
  },
  heatingType: {
    NO_INFORMATION: NO_INFO,
    CENTRAL_HEATING: 'Zentralheizung|Central heating',
    COMBINED_HEAT_AND_POWER_PLANT: 'Blockheizkraftwerk|Combined heat and power plant',
    DISTRICT_HEATING: 'Fernwärme|District heating',
    ELECTRIC_HEATING: 'Elektroheizung|Electric heating',
    FLOOR_HEATING: 'Fußbodenheizung|Underfloor heating',
    GAS_HEATING: 'Gasheizung|Gas heating',
    HEAT_PUMP: 'Wärmepumpe|Heat pump',
    NIGHT_STORAGE_HEATER: 'Nachtspeicherofen|Night storage heater',
    OIL_HEATING: 'Ölheizung|Oil heating',
    SELF_CONTAINED_CENTRAL_HEATING: 'Etagenheizung|Self-contained central heating',
    SOLAR_HEATING: 'Solarheizung|Solar heating',
    STOVE_HEATING: 'Ofenheizung|Stove heating',
    WOOD_PELLET_HEATING: 'Holzpelletheizung|Wood pellet heating',
  },
  interiorQuality: {
    NO_INFORMATION: NO_INFO,
    LUXURY: 'Luxus|Luxury',
    SOPHISTICATED: 'Gehoben|Sophisticated',
    NORMAL: 'Normal',
    SIMPLE: 'Einfach|Simple',
  },
  apartmentBuildingType: {
    NO_INFORMATION: NO_INFO,
    ATTIC: 'Dachgeschoss|Attic',
    GROUND_FLOOR: 'Erdgeschosswohnung|Ground floor',
    APARTMENT: 'Etagenwohnung|Apartment',
    ENTRESOL: 'Hochparterre|Raised ground floor',
    LOFT: 'Loft',
    DUPLEX: 'Maisonette',
    PENTHOUSE: 'Penthouse',
    BASEMENT: 'Souterrain|Basement flat',
    TERRACE: 'Terrassenwohnung|Terrace flat',
    OTHER: 'Sonstige|Other',
  },
  houseBuildingType: {
    NO_INFORMATION: NO_INFO,
    SINGLE_FAMILY_HOUSE: 'Einfamilienhaus|Detached house',
    MID_TERRACE_HOUSE: 'Reihenmittelhaus|Mid-terrace house',
    END_TERRACE_HOUSE: 'Reihenendhaus|End-terrace house',
    MULTI_FAMILY_HOUSE: 'Mehrfamilienhaus|Multi-family house',
    BUNGALOW: 'Bungalow',
    FARMHOUSE: 'Bauernhaus|Farmhouse',
    SEMIDETACHED_HOUSE: 'Doppelhaushälfte|Semi-detached house',
    VILLA: 'Villa',
    CASTLE_MANOR_HOUSE: 'Burg/Schloss|Castle/manor house',
    SPECIAL_REAL_ESTATE: 'Besondere Immobilie|Special property',
    OTHER: 'Sonstige|Other',
  },
  constructionPhase: {
    NO_INFORMATION: NO_INFO,
    PROJECTED: 'In Planung|Projected',
    UNDER_CONSTRUCTION: 'Im Bau|Under construction',
    COMPLETED: 'Fertiggestellt|Completed',
  },
  // The next six are strings whose full value sets SPEC.md 2.4 leaves open; the values
  // offered are the client's lists (APARTMENT_OPEN_FIELD_VALUES in src/api/types.ts), and
  // any other value passed in through `data` is kept. A value without a label is shown as is.
  efficiencyClass: {
    NO_INFORMATION: NO_INFO,
    A_PLUS: 'A+',
    NOT_APPLICABLE: 'Nicht anwendbar|Not applicable',
  },
  energyCertificateAvailability: {
    AVAILABLE: 'Liegt vor|Available',
    NOT_AVAILABLE_YET: 'Liegt noch nicht vor|Not available yet',
    NOT_REQUIRED: 'Nicht erforderlich|Not required',
  },
  energyCertificateCreationDate: {
    BEFORE_01_05_2014: 'Vor dem 01.05.2014 (EnEV 2009)|Before 1 May 2014 (EnEV 2009)',
    FROM_01_05_2014: 'Ab dem 01.05.2014 (EnEV 2014)|From 1 May 2014 (EnEV 2014)',
    NOT_APPLICABLE: 'Nicht anwendbar|Not applicable',
  },
  heatingCostsOption: {
    heatingCostsIncluded: 'In Nebenkosten enthalten|Included in additional costs',
    heatingCostsNotIncluded: 'Nicht in Nebenkosten enthalten|Not included in additional costs',
  },
  petsAllowed: {
    NO_INFORMATION: NO_INFO,
    YES: 'Erlaubt|Allowed',
    NO: 'Nicht erlaubt|Not allowed',
    NEGOTIABLE: 'Nach Vereinbarung|Negotiable',
  },
  firingType: {
    NO_INFORMATION: NO_INFO,
    GEOTHERMAL: 'Erdwärme|Geothermal',
    SOLAR_HEATING: 'Solar',
    PELLET_HEATING: 'Holzpellets|Wood pellets',
    GAS: 'Gas',
    OIL: 'Öl|Oil',
    DISTRICT_HEATING: 'Fernwärme|District heating',
    ELECTRICITY: 'Strom|Electricity',
    COAL: 'Kohle|Coal',
  },
  parkingSpaceType: {
    OUTSIDE: 'Außenstellplatz|Outdoor parking space',
    CARPORT: 'Carport',
    DUPLEX: 'Duplex-Stellplatz|Duplex parking space',
    GARAGE: 'Garage',
    CAR_PARK: 'Parkhaus|Multi-storey car park',
    UNDERGROUND_GARAGE: 'Tiefgarage|Underground garage',
  },
};

/** The German or English half of a `de|en` label (a label without `|` is the same in both). */
export const pick = (lang: Lang, s: string): string => {
  const i = s.indexOf('|');
  return i < 0 ? s : lang === 'en' ? s.slice(i + 1) : s.slice(0, i);
};
