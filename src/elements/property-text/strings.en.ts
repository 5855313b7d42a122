import type { Strings } from './strings.js';
import shared from '../../shared/strings.en.js';

/** `<property-text>`'s strings in English (strings.ts), loaded the first time one shows English. */
const en: Strings = {
  formHeading: 'Generate a listing text',
  objectLegend: 'Property',
  // `required` itself is announced; the asterisk after the two type legends is hidden
  requiredNote: 'Required entries are marked with *.',
  realEstateType: 'Property type',
  transactionType: 'Offer type',
  // group legends, by group id
  location: 'Location',
  size: 'Size and rooms',
  condition: 'Condition and equipment',
  energy: 'Energy',
  costs: 'Costs',
  geoLabel: 'Search address',
  geoHint:
    'Type a place, postcode or street and pick it from the list; street, postcode, city and coordinates are filled in.',
  geoLoading: 'Loading coordinates …',
  // followed by the picked place's label
  geoFilled: 'Address filled in:',
  geoError: 'The coordinates of the chosen place could not be loaded. The address is kept.',
  coords: 'Coordinates',
  noCoords: 'none (pick the address through the search)',
  clearCoords: 'Remove coordinates',
  choose: shared.choose,
  generate: 'Generate text',
  regenerate: 'Generate again',
  cancel: shared.cancel,
  cancelled: 'Text generation was cancelled. Your entries are kept.',
  generating: 'Generating text …',
  generated: 'Headline and text have been generated.',
  result: 'Result',
  headline: 'Headline',
  propertyText: 'Description',
  copyHeadline: 'Copy headline',
  copyText: 'Copy description',
  copied: shared.copied,
  copyFailed: 'Copying is not possible. Please select the text and copy it by hand.',
  retry: shared.retry,
  authWaiting:
    'Your sign-in has expired or is missing. As soon as you are signed in again, the text is generated automatically.',
  authFailed: 'The sign-in was not accepted. Please sign in again and try once more.',
  errRejected: 'The service rejected the data.',
  errFields: 'Fields rejected: ',
  errData: 'The data passed in contains unknown or invalid entries: ',
  // the summary above the form; {n}: the number of entries to correct
  invalidOne: 'Please correct 1 entry.',
  moreValues: '{n} more values passed in stay selected and are sent.',
  invalidMany: 'Please correct {n} entries.',
  vRequired: 'Please choose a value.',
  vNumber:
    'Please enter a number from 0 with at most two decimals and no thousands separators, e.g. 1234.5.',
  vInteger: 'Please enter a whole number from 0.',
  vSignedInteger: 'Please enter a whole number (below ground with a minus, e.g. -1).',
  // {max}: YEAR_MAX
  vYear: 'Please enter a year between 1000 and {max}.',
  vRefurb: 'The last refurbishment cannot be before the year of construction.',
  vDate: 'Please enter a valid date as day.month.year, e.g. 01.10.2025.',
  vDeposit:
    'Please enter an amount with at most two decimals and no thousands separators, e.g. 1500.00.',
  vDetails: 'Please give at least one detail of the property, e.g. the living space.',
  vServer: 'Rejected by the service.',
  fields: {
    // location
    street: 'Street',
    number: 'House number',
    postalCode: 'Postcode',
    city: 'City',
    district: 'District',
    // size
    livingSpace: 'Living space (m²)',
    propertySize: 'Plot size (m²)',
    noRooms: 'Rooms',
    noBathrooms: 'Bathrooms',
    noFloors: 'Number of floors',
    floor: 'Floor',
    noParkingSpaces: 'Parking spaces',
    noSimilarObjects: 'Number of similar units',
    // condition
    buildingType: 'Building type',
    constructionPhase: 'Construction phase',
    condition: 'Condition',
    interiorQuality: 'Interior quality',
    constructionYear: 'Year of construction',
    lastRefurbishment: 'Last refurbishment (year)',
    moveInDate: 'Available from (dd.mm.yyyy)',
    parkingSpaceType: 'Parking space type',
    petsAllowed: 'Pets',
    balconyTerrace: 'Balcony/terrace',
    basement: 'Cellar',
    elevator: 'Lift',
    equippedKitchen: 'Fitted kitchen',
    guestToilet: 'Guest toilet',
    garageParkingSpace: 'Garage/parking space',
    handicappedAccessible: 'Step-free access',
    sharedGarden: 'Shared garden',
    flatShareSuitable: 'Suitable for flat sharing',
    floorPlan: 'Floor plan available',
    monument: 'Listed building',
    summerResidencePractical: 'Suitable as holiday home',
    // energy
    buildingEnergyRatingType: 'Energy certificate type',
    heatingType: 'Heating type',
    firingType: 'Main energy sources',
    thermalCharacteristic: 'Energy performance (kWh/(m²·a))',
    demand: 'Final energy demand (kWh/(m²·a))',
    efficiencyClass: 'Energy efficiency class',
    energyCertificateAvailability: 'Energy certificate',
    energyCertificateCreationDate: 'Energy certificate issued',
    consumptionContainsWarmWater: 'Consumption includes hot water',
    // costs
    price: 'Purchase price (€)',
    monthlyRent: 'Base rent (€ per month)',
    additionalCosts: 'Additional costs (€ per month)',
    heatingCostsOption: 'Heating costs',
    deposit: 'Deposit (€)',
    parkingSpaceRent: 'Parking space rent (€ per month)',
    rentalIncome: 'Rental income (€ per year)',
    rentSubsidy: 'Rent subsidy (€ per month)',
    rented: 'Currently let',
    certificateOfEligibilityNeeded: 'Certificate of eligibility needed',
    // coordinates
    latitude: 'Latitude',
    longitude: 'Longitude',
    lambertEuCoordinatesX: 'Lambert X',
    lambertEuCoordinatesY: 'Lambert Y',
  },
  hints: {
    deposit: 'e.g. 1500.00',
    moveInDate: 'e.g. 01.10.2025',
    floor: 'Ground floor 0, below ground -1',
  },
  enums: {
    realEstateType: ['House', 'Apartment'], // house, apartment
    transactionType: ['Rent', 'Sale'], // rent, sale
    condition: [
      'No information', // NO_INFORMATION
      'First occupancy', // FIRST_TIME_USE
      'First occupancy after refurbishment', // FIRST_TIME_USE_AFTER_REFURBISHMENT
      'Mint condition', // MINT_CONDITION
      'Refurbished', // REFURBISHED
      'Modernised', // MODERNIZED
      'Fully renovated', // FULLY_RENOVATED
      'Well kept', // WELL_KEPT
      'In need of renovation', // NEED_OF_RENOVATION
      'Negotiable', // NEGOTIABLE
      'Ripe for demolition', // RIPE_FOR_DEMOLITION
    ],
    buildingEnergyRatingType: [
      'Energy demand certificate', // ENERGY_REQUIRED
      'Energy consumption certificate', // ENERGY_CONSUMPTION
    ],
    heatingType: [
      'No information', // NO_INFORMATION
      'Central heating', // CENTRAL_HEATING
      'Combined heat and power plant', // COMBINED_HEAT_AND_POWER_PLANT
      'District heating', // DISTRICT_HEATING
      'Electric heating', // ELECTRIC_HEATING
      'Underfloor heating', // FLOOR_HEATING
      'Gas heating', // GAS_HEATING
      'Heat pump', // HEAT_PUMP
      'Night storage heater', // NIGHT_STORAGE_HEATER
      'Oil heating', // OIL_HEATING
      'Self-contained central heating', // SELF_CONTAINED_CENTRAL_HEATING
      'Solar heating', // SOLAR_HEATING
      'Stove heating', // STOVE_HEATING
      'Wood pellet heating', // WOOD_PELLET_HEATING
    ],
    interiorQuality: [
      'No information', // NO_INFORMATION
      'Luxury', // LUXURY
      'Sophisticated', // SOPHISTICATED
      'Normal', // NORMAL
      'Simple', // SIMPLE
    ],
    apartmentBuildingType: [
      'No information', // NO_INFORMATION
      'Attic', // ATTIC
      'Ground floor', // GROUND_FLOOR
      'Apartment', // APARTMENT
      'Raised ground floor', // ENTRESOL
      'Loft', // LOFT
      'Maisonette', // DUPLEX
      'Penthouse', // PENTHOUSE
      'Basement flat', // BASEMENT
      'Terrace flat', // TERRACE
      'Other', // OTHER
    ],
    houseBuildingType: [
      'No information', // NO_INFORMATION
      'Detached house', // SINGLE_FAMILY_HOUSE
      'Mid-terrace house', // MID_TERRACE_HOUSE
      'End-terrace house', // END_TERRACE_HOUSE
      'Multi-family house', // MULTI_FAMILY_HOUSE
      'Bungalow', // BUNGALOW
      'Farmhouse', // FARMHOUSE
      'Semi-detached house', // SEMIDETACHED_HOUSE
      'Villa', // VILLA
      'Castle/manor house', // CASTLE_MANOR_HOUSE
      'Special property', // SPECIAL_REAL_ESTATE
      'Other', // OTHER
    ],
    constructionPhase: [
      'No information', // NO_INFORMATION
      'Projected', // PROJECTED
      'Under construction', // UNDER_CONSTRUCTION
      'Completed', // COMPLETED
    ],
    efficiencyClass: [
      'No information', // NO_INFORMATION
      'A+', // A_PLUS
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H', // A to H
      'Not applicable', // NOT_APPLICABLE
    ],
    energyCertificateAvailability: [
      'Available', // AVAILABLE
      'Not available yet', // NOT_AVAILABLE_YET
      'Not required', // NOT_REQUIRED
    ],
    energyCertificateCreationDate: [
      'Before 1 May 2014 (EnEV 2009)', // BEFORE_01_05_2014
      'From 1 May 2014 (EnEV 2014)', // FROM_01_05_2014
      'Not applicable', // NOT_APPLICABLE
    ],
    heatingCostsOption: [
      'Included in additional costs', // heatingCostsIncluded
      'Not included in additional costs', // heatingCostsNotIncluded
    ],
    petsAllowed: [
      'No information', // NO_INFORMATION
      'Allowed', // YES
      'Not allowed', // NO
      'Negotiable', // NEGOTIABLE
    ],
    firingType: [
      'No information', // NO_INFORMATION
      'Geothermal', // GEOTHERMAL
      'Solar', // SOLAR_HEATING
      'Wood pellets', // PELLET_HEATING
      'Gas', // GAS
      'Oil', // OIL
      'District heating', // DISTRICT_HEATING
      'Electricity', // ELECTRICITY
      'Coal', // COAL
    ],
    parkingSpaceType: [
      'Outdoor parking space', // OUTSIDE
      'Carport', // CARPORT
      'Duplex parking space', // DUPLEX
      'Garage', // GARAGE
      'Multi-storey car park', // CAR_PARK
      'Underground garage', // UNDERGROUND_GARAGE
    ],
  },
};

export default en;
