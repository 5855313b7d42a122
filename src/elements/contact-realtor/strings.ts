import { localized } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/** Every visible string and announcement of `<contact-realtor>`, German (English: strings.en.ts). */
const de = {
  heading: 'Anbieter kontaktieren',
  loading: 'Kontaktformular wird geladen …',
  notFound: 'Dieses Angebot gibt es nicht (mehr). Eine Anfrage ist nicht möglich.',
  noExpose: 'Kein Angebot angegeben.',
  loadError: 'Das Kontaktformular konnte nicht geladen werden.',
  retry: SHARED.de.retry,
  unavailable:
    'Dieser Anbieter kann nicht online kontaktiert werden. Bitte nehmen Sie telefonisch Kontakt auf.',
  requiredNote: SHARED.de.requiredNote,
  send: 'Anfrage senden',
  sending: 'Anfrage wird gesendet …',
  resend: 'Erneut senden',
  sent: 'Vielen Dank! Ihre Anfrage wurde an den Anbieter gesendet.',
  sendAnother: 'Weitere Anfrage senden',
  sendError: 'Ihre Anfrage konnte nicht gesendet werden. Ihre Eingaben bleiben erhalten.',
  maybeSent: 'Ihre Anfrage ist möglicherweise angekommen.',
  maybeSentTimeout: 'Der Server hat nicht rechtzeitig geantwortet, nachdem sie abgeschickt war.',
  maybeSentDropped: 'Die Verbindung brach ab, bevor der Server antwortete.',
  maybeSentHelp:
    'Ob der Anbieter sie erhalten hat, lässt sich nicht feststellen. Ihre Eingaben bleiben erhalten. ' +
    'Senden Sie nur erneut, wenn Sie eine doppelte Anfrage in Kauf nehmen.',
  resendAnyway: 'Trotzdem erneut senden',
  errFields: 'Bitte prüfen Sie: ',
  invalidFields: SHARED.de.invalidFields,
  vRequired: SHARED.de.required,
  vEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
  vLong: (max: number, len: number) => `Höchstens ${max} Zeichen erlaubt (jetzt ${len}).`,
  vNumber: 'Bitte geben Sie eine ganze Zahl ab 0 ein.',
  vConsent: 'Bitte stimmen Sie der Übermittlung Ihrer Daten zu.',
  consent:
    'Ich bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage an den Anbieter übermittelt werden.',
  /** The consent checkbox in a list of fields to correct. */
  consentName: 'Einwilligung',
  honeypot: 'Dieses Feld bitte leer lassen',
  address: 'Adresse',
  salutationNone: SHARED.de.choose,
  labels: {
    firstname: 'Vorname',
    lastname: 'Nachname',
    phoneNumber: 'Telefon',
    emailAddress: 'E-Mail',
    appointmentRequested: 'Ich möchte einen Besichtigungstermin vereinbaren',
    message: 'Nachricht',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    postcode: 'PLZ',
    city: 'Ort',
    moveInDate: 'Gewünschter Einzugstermin',
    moveOutDate: 'Gewünschter Auszugstermin',
    petsInHousehold: 'Haustiere im Haushalt',
    numberOfPersons: 'Anzahl der Personen im Haushalt',
    employmentRelationship: 'Beschäftigungsverhältnis',
    income: 'Monatliches Nettohaushaltseinkommen',
    salutation: 'Anrede',
    schufaInformationProvided: 'Ich kann eine SCHUFA-Auskunft vorlegen',
    company: 'Firma',
    buyReason: 'Verwendungszweck',
    ownCapital: 'Eigenkapital',
    hasPreapproval: 'Meine Finanzierung ist geprüft',
    lotAvailable: 'Ein Grundstück ist vorhanden',
    numberOfRequiredWorkingPlaces: 'Anzahl benötigter Arbeitsplätze',
    plannedInvestment: 'Geplantes Investitionsvolumen',
    commercialUsage: 'Nutzungsart / Branche',
    applicationPackageCompleted: 'Meine Bewerbungsunterlagen sind vollständig',
  } as Record<string, string>,
  salutations: {
    FEMALE: 'Frau',
    MALE: 'Herr',
    COMPANY: 'Firma',
    NO_SALUTATION: 'Keine Anrede',
  } as Record<string, string>,
};

export type Strings = typeof de;
export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);
