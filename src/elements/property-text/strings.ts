import { localized, type Lang } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/** The latest year a year field takes (model.ts checks it, the message names it). */
export const YEAR_MAX = 2100;

/**
 * The request's fields by group of the form, in the order the form shows them (model.ts takes
 * the groups and their order from here), with their German labels (English: strings.en.ts'
 * `fields`). The coordinates have no input of their own; their labels name them in the
 * service's error messages.
 */
export const FIELD_GROUPS = {
  location: {
    street: 'Straße',
    number: 'Hausnummer',
    postalCode: 'PLZ',
    city: 'Ort',
    district: 'Stadtteil',
  },
  size: {
    livingSpace: 'Wohnfläche (m²)',
    propertySize: 'Grundstücksfläche (m²)',
    noRooms: 'Zimmer',
    noBathrooms: 'Badezimmer',
    noFloors: 'Anzahl Geschosse',
    floor: 'Etage',
    noParkingSpaces: 'Anzahl Stellplätze',
    noSimilarObjects: 'Anzahl gleichartiger Objekte',
  },
  condition: {
    buildingType: 'Objekttyp',
    constructionPhase: 'Bauphase',
    condition: 'Zustand',
    interiorQuality: 'Qualität der Ausstattung',
    constructionYear: 'Baujahr',
    lastRefurbishment: 'Letzte Modernisierung (Jahr)',
    moveInDate: 'Bezugsfrei ab (TT.MM.JJJJ)',
    parkingSpaceType: 'Stellplatzart',
    petsAllowed: 'Haustiere',
    balconyTerrace: 'Balkon/Terrasse',
    basement: 'Keller',
    elevator: 'Aufzug',
    equippedKitchen: 'Einbauküche',
    guestToilet: 'Gäste-WC',
    garageParkingSpace: 'Garage/Stellplatz',
    handicappedAccessible: 'Barrierefrei',
    sharedGarden: 'Gartenmitbenutzung',
    flatShareSuitable: 'WG-geeignet',
    floorPlan: 'Grundriss vorhanden',
    monument: 'Denkmalschutzobjekt',
    summerResidencePractical: 'Als Ferienhaus geeignet',
  },
  energy: {
    buildingEnergyRatingType: 'Energieausweistyp',
    heatingType: 'Heizungsart',
    firingType: 'Wesentliche Energieträger',
    thermalCharacteristic: 'Energiekennwert (kWh/(m²·a))',
    demand: 'Endenergiebedarf (kWh/(m²·a))',
    efficiencyClass: 'Energieeffizienzklasse',
    energyCertificateAvailability: 'Energieausweis',
    energyCertificateCreationDate: 'Energieausweis erstellt',
    consumptionContainsWarmWater: 'Energieverbrauch enthält Warmwasser',
  },
  costs: {
    price: 'Kaufpreis (€)',
    monthlyRent: 'Kaltmiete (€ pro Monat)',
    additionalCosts: 'Nebenkosten (€ pro Monat)',
    heatingCostsOption: 'Heizkosten',
    deposit: 'Kaution (€)',
    parkingSpaceRent: 'Miete Stellplatz (€ pro Monat)',
    rentalIncome: 'Mieteinnahmen (€ pro Jahr)',
    rentSubsidy: 'Mietzuschuss (€ pro Monat)',
    rented: 'Vermietet',
    certificateOfEligibilityNeeded: 'Wohn\u00adberechtigungs\u00adschein erforderlich',
  },
  coordinates: {
    latitude: 'Breite',
    longitude: 'Länge',
    lambertEuCoordinatesX: 'Lambert X',
    lambertEuCoordinatesY: 'Lambert Y',
  },
};

type Groups = typeof FIELD_GROUPS;
/** The name of a field of the form. */
export type FieldName = { [G in keyof Groups]: keyof Groups[G] }[keyof Groups];

/** Every visible string and announcement of `<property-text>`, German (English: strings.en.ts). */
const de = {
  formHeading: 'Exposétext erzeugen',
  objectLegend: 'Objekt',
  // `required` itself is announced; the asterisk after the two type legends is hidden
  requiredNote: 'Pflichtangaben sind mit * markiert.',
  realEstateType: 'Immobilienart',
  transactionType: 'Vermarktungsart',
  // group legends, by group id
  location: 'Lage',
  size: 'Größe und Zimmer',
  condition: 'Zustand und Ausstattung',
  energy: 'Energie',
  costs: 'Kosten',
  geoLabel: 'Adresse suchen',
  geoHint:
    'Ort, Postleitzahl oder Straße eingeben und aus der Liste wählen; Straße, PLZ, Ort und Koordinaten werden übernommen.',
  geoLoading: 'Koordinaten werden geladen …',
  // followed by the picked place's label
  geoFilled: 'Adresse übernommen:',
  geoError:
    'Die Koordinaten des gewählten Orts konnten nicht geladen werden. Die Adresse bleibt erhalten.',
  coords: 'Koordinaten',
  noCoords: 'keine (Adresse über die Suche wählen)',
  clearCoords: 'Koordinaten entfernen',
  choose: SHARED.de.choose,
  generate: 'Text erzeugen',
  regenerate: 'Erneut erzeugen',
  cancel: SHARED.de.cancel,
  cancelled: 'Die Texterzeugung wurde abgebrochen. Ihre Eingaben bleiben erhalten.',
  generating: 'Text wird erzeugt …',
  generated: 'Überschrift und Text wurden erzeugt.',
  result: 'Ergebnis',
  headline: 'Überschrift',
  propertyText: 'Beschreibung',
  copyHeadline: 'Überschrift kopieren',
  copyText: 'Beschreibung kopieren',
  copied: SHARED.de.copied,
  copyFailed: 'Kopieren nicht möglich. Bitte markieren und manuell kopieren.',
  retry: SHARED.de.retry,
  authWaiting:
    'Ihre Anmeldung ist abgelaufen oder fehlt. Sobald Sie wieder angemeldet sind, wird der Text automatisch erzeugt.',
  authFailed:
    'Die Anmeldung wurde nicht akzeptiert. Bitte melden Sie sich erneut an und versuchen Sie es noch einmal.',
  errRejected: 'Der Dienst hat die Angaben abgelehnt.',
  errFields: 'Beanstandete Felder: ',
  errData: 'Die übergebenen Daten enthalten unbekannte oder ungültige Angaben: ',
  // the summary above the form; {n}: the number of entries to correct
  invalidOne: 'Bitte korrigieren Sie 1 Eingabe.',
  moreValues: '{n} weitere übergebene Werte bleiben gewählt und werden mitgesendet.',
  invalidMany: 'Bitte korrigieren Sie {n} Eingaben.',
  vRequired: 'Bitte wählen Sie einen Wert.',
  vNumber:
    'Bitte eine Zahl ab 0 mit höchstens zwei Nachkommastellen und ohne Tausendertrennzeichen eingeben, z. B. 1234,5.',
  vInteger: 'Bitte eine ganze Zahl ab 0 eingeben.',
  vSignedInteger: 'Bitte eine ganze Zahl eingeben (Untergeschoss mit Minus, z. B. -1).',
  // {max}: YEAR_MAX
  vYear: 'Bitte ein Jahr zwischen 1000 und {max} eingeben.',
  vRefurb: 'Die letzte Modernisierung kann nicht vor dem Baujahr liegen.',
  vDate: 'Bitte ein gültiges Datum als Tag.Monat.Jahr eingeben, z. B. 01.10.2025.',
  vDeposit:
    'Bitte einen Betrag mit höchstens zwei Nachkommastellen und ohne Tausendertrennzeichen eingeben, z. B. 1500,00.',
  vDetails: 'Bitte machen Sie mindestens eine Angabe zum Objekt, z. B. die Wohnfläche.',
  vServer: 'Vom Dienst beanstandet.',
  /** Every field's label, by field name. */
  fields: Object.assign({}, ...Object.values(FIELD_GROUPS)) as Record<FieldName, string>,
  /** Hints shown under some inputs (format examples), by field name. */
  hints: {
    deposit: 'z. B. 1500,00',
    moveInDate: 'z. B. 01.10.2025',
    floor: 'Erdgeschoss 0, Untergeschoss -1',
  } as Record<string, string>,
  /**
   * Labels of every enum value the form offers, by enum name, in the order of the client's
   * value lists in src/api/types.ts (the browser test pins every value's label, so a list
   * whose order changes fails there). The comments name the values.
   */
  enums: {
    realEstateType: ['Haus', 'Wohnung'], // house, apartment
    transactionType: ['Miete', 'Kauf'], // rent, sale
    condition: [
      'Keine Angabe', // NO_INFORMATION
      'Erstbezug', // FIRST_TIME_USE
      'Erstbezug nach Sanierung', // FIRST_TIME_USE_AFTER_REFURBISHMENT
      'Neuwertig', // MINT_CONDITION
      'Saniert', // REFURBISHED
      'Modernisiert', // MODERNIZED
      'Vollständig renoviert', // FULLY_RENOVATED
      'Gepflegt', // WELL_KEPT
      'Renovierungsbedürftig', // NEED_OF_RENOVATION
      'Nach Vereinbarung', // NEGOTIABLE
      'Abbruchreif', // RIPE_FOR_DEMOLITION
    ],
    buildingEnergyRatingType: [
      'Bedarfsausweis', // ENERGY_REQUIRED
      'Verbrauchsausweis', // ENERGY_CONSUMPTION
    ],
    heatingType: [
      'Keine Angabe', // NO_INFORMATION
      'Zentralheizung', // CENTRAL_HEATING
      'Blockheizkraftwerk', // COMBINED_HEAT_AND_POWER_PLANT
      'Fernwärme', // DISTRICT_HEATING
      'Elektroheizung', // ELECTRIC_HEATING
      'Fußbodenheizung', // FLOOR_HEATING
      'Gasheizung', // GAS_HEATING
      'Wärmepumpe', // HEAT_PUMP
      'Nachtspeicherofen', // NIGHT_STORAGE_HEATER
      'Ölheizung', // OIL_HEATING
      'Etagenheizung', // SELF_CONTAINED_CENTRAL_HEATING
      'Solarheizung', // SOLAR_HEATING
      'Ofenheizung', // STOVE_HEATING
      'Holzpelletheizung', // WOOD_PELLET_HEATING
    ],
    interiorQuality: [
      'Keine Angabe', // NO_INFORMATION
      'Luxus', // LUXURY
      'Gehoben', // SOPHISTICATED
      'Normal', // NORMAL
      'Einfach', // SIMPLE
    ],
    apartmentBuildingType: [
      'Keine Angabe', // NO_INFORMATION
      'Dachgeschoss', // ATTIC
      'Erdgeschosswohnung', // GROUND_FLOOR
      'Etagenwohnung', // APARTMENT
      'Hochparterre', // ENTRESOL
      'Loft', // LOFT
      'Maisonette', // DUPLEX
      'Penthouse', // PENTHOUSE
      'Souterrain', // BASEMENT
      'Terrassenwohnung', // TERRACE
      'Sonstige', // OTHER
    ],
    houseBuildingType: [
      'Keine Angabe', // NO_INFORMATION
      'Einfamilienhaus', // SINGLE_FAMILY_HOUSE
      'Reihenmittelhaus', // MID_TERRACE_HOUSE
      'Reihenendhaus', // END_TERRACE_HOUSE
      'Mehrfamilienhaus', // MULTI_FAMILY_HOUSE
      'Bungalow', // BUNGALOW
      'Bauernhaus', // FARMHOUSE
      'Doppelhaushälfte', // SEMIDETACHED_HOUSE
      'Villa', // VILLA
      'Burg/Schloss', // CASTLE_MANOR_HOUSE
      'Besondere Immobilie', // SPECIAL_REAL_ESTATE
      'Sonstige', // OTHER
    ],
    constructionPhase: [
      'Keine Angabe', // NO_INFORMATION
      'In Planung', // PROJECTED
      'Im Bau', // UNDER_CONSTRUCTION
      'Fertiggestellt', // COMPLETED
    ],
    // The next six are strings whose full value sets the interface leaves open; the values
    // offered are the client's lists (APARTMENT_OPEN_FIELD_VALUES in src/api/types.ts), and
    // any other value passed in through `data` is kept and shown as it is.
    efficiencyClass: [
      'Keine Angabe', // NO_INFORMATION
      'A+', // A_PLUS
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H', // A to H
      'Nicht anwendbar', // NOT_APPLICABLE
    ],
    energyCertificateAvailability: [
      'Liegt vor', // AVAILABLE
      'Liegt noch nicht vor', // NOT_AVAILABLE_YET
      'Nicht erforderlich', // NOT_REQUIRED
    ],
    energyCertificateCreationDate: [
      'Vor dem 01.05.2014 (EnEV 2009)', // BEFORE_01_05_2014
      'Ab dem 01.05.2014 (EnEV 2014)', // FROM_01_05_2014
      'Nicht anwendbar', // NOT_APPLICABLE
    ],
    heatingCostsOption: [
      'In Nebenkosten enthalten', // heatingCostsIncluded
      'Nicht in Nebenkosten enthalten', // heatingCostsNotIncluded
    ],
    petsAllowed: [
      'Keine Angabe', // NO_INFORMATION
      'Erlaubt', // YES
      'Nicht erlaubt', // NO
      'Nach Vereinbarung', // NEGOTIABLE
    ],
    firingType: [
      'Keine Angabe', // NO_INFORMATION
      'Erdwärme', // GEOTHERMAL
      'Solar', // SOLAR_HEATING
      'Holzpellets', // PELLET_HEATING
      'Gas', // GAS
      'Öl', // OIL
      'Fernwärme', // DISTRICT_HEATING
      'Strom', // ELECTRICITY
      'Kohle', // COAL
    ],
    parkingSpaceType: [
      'Außenstellplatz', // OUTSIDE
      'Carport', // CARPORT
      'Duplex-Stellplatz', // DUPLEX
      'Garage', // GARAGE
      'Parkhaus', // CAR_PARK
      'Tiefgarage', // UNDERGROUND_GARAGE
    ],
  } as Record<string, string[]>,
};

export type Strings = typeof de;
export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);

/** The label of an enum value: by its place in the client's list `values`; a value not in the list as it is. */
export const enumLabel = (
  lang: Lang,
  labels: string,
  values: readonly string[],
  v: string,
): string => STRINGS[lang].enums[labels]?.[values.indexOf(v)] ?? v;
