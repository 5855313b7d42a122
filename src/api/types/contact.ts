/** The contact form and the expose it is sent for (docs/interface.md#contact-form). */

/** The 28 fields of the contact form, in schema order. */
export const CONTACT_FORM_FIELDS = [
  'firstname',
  'lastname',
  'phoneNumber',
  'emailAddress',
  'appointmentRequested',
  'message',
  'address',
  'contactMailCustomStyle',
  'moveInDate',
  'petsInHousehold',
  'numberOfPersons',
  'employmentRelationship',
  'income',
  'salutation',
  'schufaInformationProvided',
  'schufaVerificationCode',
  'sendProfile',
  'profileImageUrl',
  'privacyPolicyAccepted',
  'company',
  'buyReason',
  'ownCapital',
  'hasPreapproval',
  'lotAvailable',
  'numberOfRequiredWorkingPlaces',
  'plannedInvestment',
  'commercialUsage',
  'applicationPackageCompleted',
] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/**
 * Every element of `ContactForm` in the newer generation of the service's schema, in its
 * sequence order: the 28 fields plus `moveOutDate` (after moveInDate) and `profileType`
 * (after profileImageUrl).
 * The writers emit fields in this order.
 */
export const CONTACT_FORM_SCHEMA_FIELDS = [
  'firstname',
  'lastname',
  'phoneNumber',
  'emailAddress',
  'appointmentRequested',
  'message',
  'address',
  'contactMailCustomStyle',
  'moveInDate',
  'moveOutDate',
  'petsInHousehold',
  'numberOfPersons',
  'employmentRelationship',
  'income',
  'salutation',
  'schufaInformationProvided',
  'schufaVerificationCode',
  'sendProfile',
  'profileImageUrl',
  'profileType',
  'privacyPolicyAccepted',
  'company',
  'buyReason',
  'ownCapital',
  'hasPreapproval',
  'lotAvailable',
  'numberOfRequiredWorkingPlaces',
  'plannedInvestment',
  'commercialUsage',
  'applicationPackageCompleted',
] as const;
export type ContactFormSchemaField = (typeof CONTACT_FORM_SCHEMA_FIELDS)[number];

/** Contact form fields of type xs:boolean. */
export const CONTACT_FORM_BOOLEAN_FIELDS = [
  'schufaInformationProvided',
  'sendProfile',
  'privacyPolicyAccepted',
  'hasPreapproval',
  'lotAvailable',
  'applicationPackageCompleted',
] as const;

/** Maximum lengths (in characters) of the contact form's text fields, from the schema. */
export const CONTACT_FORM_MAX_LENGTH = {
  firstname: 50,
  lastname: 50,
  phoneNumber: 40,
  emailAddress: 150,
  message: 2000,
  moveInDate: 100,
  moveOutDate: 100,
  petsInHousehold: 100,
  numberOfPersons: 100,
  employmentRelationship: 100,
  income: 100,
  schufaVerificationCode: 40,
  profileImageUrl: 2000,
  company: 100,
  buyReason: 100,
  ownCapital: 100,
  plannedInvestment: 100,
  commercialUsage: 2000,
} as const;

/** Maximum lengths of the `common:Address` fields the contact form uses. */
export const ADDRESS_MAX_LENGTH = { street: 100, houseNumber: 30, postcode: 20, city: 50 } as const;

/** The schema's e-mail pattern (`common:Email`, anchored as XSD patterns are). */
export const EMAIL_PATTERN = /^.+@.+\..+$/;

/** The basic `contactFormConfiguration` entries, one per basic field of the form. */
export const SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES = [
  'moveInDateField',
  'petsInHouseholdField',
  'numberOfPersonsField',
  'employmentRelationshipField',
  'incomeField',
  'firstnameField',
  'lastnameField',
  'phoneNumberField',
  'emailAddressField',
  'addressField',
  'applicationPackageCompletedField',
  'salutationField',
  'messageField',
] as const;

/** Every `contactFormConfiguration` entry of the service's schema (a superset of the basic ones). */
export const CONTACT_FORM_CONFIGURATION_ENTRIES = [
  'moveInDateField',
  'moveOutDateField',
  'petsInHouseholdField',
  'numberOfPersonsField',
  'employmentRelationshipField',
  'incomeField',
  'firstnameField',
  'lastnameField',
  'phoneNumberField',
  'emailAddressField',
  'addressField',
  'schufaInformationField',
  'buyReasonField',
  'ownCapitalField',
  'hasPreapprovalField',
  'lotAvailableField',
  'numberOfRequiredWorkingPlacesField',
  'plannedInvestmentField',
  'commercialUsageField',
  'applicationPackageCompletedField',
  'salutationField',
  'companyField',
  'messageField',
] as const;
export type ContactFormConfigurationEntry = (typeof CONTACT_FORM_CONFIGURATION_ENTRIES)[number];

export const MANDATORY_OPTIONAL = ['MANDATORY', 'OPTIONAL'] as const;
export type MandatoryOptional = (typeof MANDATORY_OPTIONAL)[number];

export const SALUTATIONS = ['FEMALE', 'MALE', 'COMPANY', 'NO_SALUTATION'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** `common:YesNotApplicableType` (there is no `NO`). */
export const APPOINTMENT_REQUESTED_VALUES = ['YES', 'NOT_APPLICABLE'] as const;
export type AppointmentRequested = (typeof APPOINTMENT_REQUESTED_VALUES)[number];

export const CONTACT_FORM_TYPES = ['EMAIL', 'LONG', 'PHONE', 'NONE'] as const;
export type ContactFormType = (typeof CONTACT_FORM_TYPES)[number];

/** `profileType` of the newer schema generation. */
export const PROFILE_TYPES = ['BASIC', 'PREMIUM'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Fields of `common:ContactMailCustomStyle`; the colours are `#rgb` or `#rrggbb`. */
export const CONTACT_MAIL_CUSTOM_STYLE_FIELDS = [
  'header1Color',
  'header1FontColor',
  'header2Color',
  'header2FontColor',
  'header3Color',
  'header3FontColor',
  'identifier',
] as const;
export type ContactMailCustomStyle = Partial<
  Record<(typeof CONTACT_MAIL_CUSTOM_STYLE_FIELDS)[number], string>
>;

export interface ContactAddress {
  street?: string;
  houseNumber?: string;
  postcode?: string;
  city?: string;
}

/** A contact request; only `lastname` is required by the schema. */
export interface ContactForm {
  /**
   * The attribute `contactFormType` of `contactForm`: the form type of the
   * expose the request is for, as the expose gave it. Optional; sent when given.
   */
  contactFormType?: ContactFormType;
  firstname?: string;
  lastname: string;
  phoneNumber?: string;
  emailAddress?: string;
  appointmentRequested?: AppointmentRequested;
  message?: string;
  address?: ContactAddress;
  contactMailCustomStyle?: ContactMailCustomStyle;
  moveInDate?: string;
  /** Newer schema generation only (docs/interface.md#versioning). */
  moveOutDate?: string;
  petsInHousehold?: string;
  numberOfPersons?: string;
  employmentRelationship?: string;
  income?: string;
  salutation?: Salutation;
  schufaInformationProvided?: boolean;
  schufaVerificationCode?: string;
  sendProfile?: boolean;
  profileImageUrl?: string;
  /** Newer schema generation only (docs/interface.md#versioning). */
  profileType?: ProfileType;
  privacyPolicyAccepted?: boolean;
  company?: string;
  buyReason?: string;
  ownCapital?: string;
  hasPreapproval?: boolean;
  lotAvailable?: boolean;
  numberOfRequiredWorkingPlaces?: number;
  plannedInvestment?: string;
  commercialUsage?: string;
  applicationPackageCompleted?: boolean;
}

export interface ExposeContactInfo {
  id: string;
  /** The expose's `contactFormType`; undefined when the expose does not carry one (it is optional). */
  contactFormType?: ContactFormType;
  contactFormConfiguration: Partial<Record<ContactFormConfigurationEntry, MandatoryOptional>>;
  title?: string;
  address?: {
    street?: string;
    houseNumber?: string;
    postcode?: string;
    city?: string;
    quarter?: string;
  };
}
