import { notFound } from './errors.js';
import { el, esc, jsonReply, NS, xmlReply, type Reply } from './http.js';
import type { Router } from './router.js';
import { SEED_EXPOSES, type SeedExpose } from './seed.js';

export function findExpose(id: string): SeedExpose {
  const e = SEED_EXPOSES.find((x) => x.id === id);
  if (!e) throw notFound(`No expose with id ${id}.`);
  return e;
}

/** Public link of an expose on the (fictitious) portal host of the sandbox. */
export const exposeUrl = (id: string) =>
  `https://sandbox.immo-elements.example/expose/${encodeURIComponent(id)}`;

const marketing = (e: SeedExpose) => (e.priceKind === 'buy' ? 'PURCHASE' : 'RENT');

export function renderExpose(e: SeedExpose, format: 'xml' | 'json'): Reply {
  const a = e.address;
  if (format === 'json') {
    return jsonReply({
      'expose.expose': {
        '@xmlns': { expose: NS.expose, common: NS.common, offerrealestates: NS.realestates },
        '@id': e.id,
        '@contactFormType': e.contactFormType,
        realEstate: {
          '@xsi.type': `offerrealestates:${e.realEstateType}`,
          '@id': e.id,
          title: e.title,
          address: {
            street: a.street,
            houseNumber: a.houseNumber,
            postcode: a.postcode,
            city: a.city,
            ...(a.quarter ? { quarter: a.quarter } : {}),
          },
          price: {
            value: e.price,
            currency: 'EUR',
            marketingType: marketing(e),
            priceIntervalType: e.priceKind === 'rent' ? 'MONTH' : 'ONE_TIME_CHARGE',
          },
          ...(e.priceKind === 'rent' ? { baseRent: e.price } : {}),
          livingSpace: e.livingSpace,
          numberOfRooms: e.rooms,
        },
        contactDetails: {
          firstname: e.realtor.firstname,
          lastname: e.realtor.lastname,
          company: e.realtor.company,
          phoneNumber: e.realtor.phone,
        },
        contactFormConfiguration: { ...e.configuration },
        listingType: 'S',
      },
    });
  }
  const config = Object.entries(e.configuration)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return xmlReply(
    `<expose:expose xmlns:expose="${NS.expose}" xmlns:common="${NS.common}" xmlns:offerrealestates="${NS.realestates}" xmlns:xsi="${NS.xsi}" id="${esc(e.id)}" contactFormType="${e.contactFormType}">` +
      `<realEstate xsi:type="offerrealestates:${e.realEstateType}" id="${esc(e.id)}">` +
      el('title', e.title) +
      `<address>${el('street', a.street)}${el('houseNumber', a.houseNumber)}${el('postcode', a.postcode)}${el('city', a.city)}${el('quarter', a.quarter)}</address>` +
      `<price><value>${e.price}</value><currency>EUR</currency><marketingType>${marketing(e)}</marketingType><priceIntervalType>${e.priceKind === 'rent' ? 'MONTH' : 'ONE_TIME_CHARGE'}</priceIntervalType></price>` +
      (e.priceKind === 'rent' ? `<baseRent>${e.price}</baseRent>` : '') +
      `<livingSpace>${e.livingSpace}</livingSpace><numberOfRooms>${e.rooms}</numberOfRooms>` +
      `</realEstate>` +
      `<contactDetails>${el('firstname', e.realtor.firstname)}${el('lastname', e.realtor.lastname)}${el('company', e.realtor.company)}${el('phoneNumber', e.realtor.phone)}</contactDetails>` +
      `<contactFormConfiguration>${config}</contactFormConfiguration>` +
      `<listingType>S</listingType>` +
      `</expose:expose>`,
  );
}

export function registerExpose(router: Router): void {
  router.add({
    method: 'GET',
    pattern: '/search/v1.0/expose/{id}',
    name: 'expose',
    formats: ['xml', 'json'],
    handler: (ctx) => renderExpose(findExpose(ctx.params.id!), ctx.format),
  });
}
