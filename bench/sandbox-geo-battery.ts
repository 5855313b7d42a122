/**
 * A battery of inputs as visitors type them into geo-autocomplete, each with the place the
 * visitor means: German and Austrian cities, quarters, postcodes,
 * districts, stations, streets, typos and abbreviations. `npm run bench` reports how often
 * the meant place is in the top 3 and at rank 1 (targets: 97 % and 90 %).
 *
 * `t` is what the widget sends: its default types unless the case is about stations or
 * streets. `meant` is the label of the meant entity (and its type where labels repeat).
 */
import type { GeoIndex } from '../packages/sandbox/src/geo/index.js';

export interface BatteryCase {
  i: string;
  meant: string;
  type?: string;
  country?: 'DEU' | 'AUT';
  t?: string;
  /** What kind of input this is (for the per-kind figures). */
  kind: string;
}

/** geo-autocomplete's default `types`. */
export const WIDGET_TYPES = 'region,city,district,quarterOrTown,postcode';

const c = (
  kind: string,
  i: string,
  meant: string,
  more: Partial<BatteryCase> = {},
): BatteryCase => ({ kind, i, meant, ...more });
const AT = { country: 'AUT' } as const;

export const BATTERY: BatteryCase[] = [
  // big cities, typed in full or in part
  c('city', 'Berlin', 'Berlin', { type: 'city' }),
  c('city', 'Hamburg', 'Hamburg', { type: 'city' }),
  c('city', 'München', 'München', { type: 'city' }),
  c('city', 'Munchen', 'München', { type: 'city' }),
  c('city', 'Muenchen', 'München', { type: 'city' }),
  c('city', 'Köln', 'Köln', { type: 'city' }),
  c('city', 'Koeln', 'Köln', { type: 'city' }),
  c('city', 'Frankfurt', 'Frankfurt am Main'),
  c('city', 'Frankfurt am Main', 'Frankfurt am Main'),
  c('city', 'Frankfurt Oder', 'Frankfurt (Oder)'),
  c('city', 'Stuttgart', 'Stuttgart', { type: 'city' }),
  c('city', 'Düsseldorf', 'Düsseldorf'),
  c('city', 'Dusseldorf', 'Düsseldorf'),
  c('city', 'Leipzig', 'Leipzig'),
  c('city', 'Dortmund', 'Dortmund'),
  c('city', 'Essen', 'Essen'),
  c('city', 'Bremen', 'Bremen', { type: 'city' }),
  c('city', 'Dresden', 'Dresden'),
  c('city', 'Hannover', 'Hannover'),
  c('city', 'Nürnberg', 'Nürnberg'),
  c('city', 'Nuernberg', 'Nürnberg'),
  c('city', 'Duisburg', 'Duisburg'),
  c('city', 'Bochum', 'Bochum'),
  c('city', 'Wuppertal', 'Wuppertal'),
  c('city', 'Bielefeld', 'Bielefeld'),
  c('city', 'Bonn', 'Bonn'),
  c('city', 'Münster', 'Münster'),
  c('city', 'Karlsruhe', 'Karlsruhe'),
  c('city', 'Mannheim', 'Mannheim'),
  c('city', 'Augsburg', 'Augsburg'),
  c('city', 'Wiesbaden', 'Wiesbaden'),
  c('city', 'Halle', 'Halle (Saale)'),
  c('city', 'Halle Saale', 'Halle (Saale)'),
  c('city', 'Freiburg', 'Freiburg im Breisgau'),
  c('city', 'Freiburg im Breisgau', 'Freiburg im Breisgau'),
  c('city', 'Regensburg', 'Regensburg'),
  c('city', 'Würzburg', 'Würzburg'),
  c('city', 'Osnabrück', 'Osnabrück'),
  c('city', 'Karlsr', 'Karlsruhe'),
  c('city', 'Konstanz', 'Konstanz'),
  c('city', 'Potsdam', 'Potsdam'),
  c('city', 'Potsd', 'Potsdam'),
  c('city', 'Kiel', 'Kiel'),
  c('city', 'Lübeck', 'Lübeck'),
  c('city', 'Rostock', 'Rostock'),
  c('city', 'Mainz', 'Mainz'),
  c('city', 'Erfurt', 'Erfurt'),
  c('city', 'Saarbrücken', 'Saarbrücken'),
  c('city', 'Mülheim', 'Mülheim an der Ruhr'),
  c('city', 'Offenbach', 'Offenbach am Main'),
  c('city', 'Ludwigshafen', 'Ludwigshafen am Rhein'),
  c('city', 'Heidelberg', 'Heidelberg'),
  c('city', 'Magdeburg', 'Magdeburg'),
  c('city', 'Chemnitz', 'Chemnitz'),
  c('city', 'Brauns', 'Braunschweig'),
  c('city', 'Gelsenk', 'Gelsenkirchen'),
  c('city', 'Mönchengladbach', 'Mönchengladbach'),
  c('city', 'Oldenburg', 'Oldenburg (Oldenburg)'),
  // towns
  c('town', 'Garbsen', 'Garbsen'),
  c('town', 'Völklingen', 'Völklingen'),
  c('town', 'Ilmenau', 'Ilmenau'),
  c('town', 'Hattersheim', 'Hattersheim', { type: 'quarterOrTown' }),
  c('town', 'Quedlinburg', 'Quedlinburg'),
  c('town', 'Döbeln', 'Döbeln'),
  c('town', 'Sankt Augustin', 'Sankt Augustin'),
  c('town', 'St. Augustin', 'Sankt Augustin'),
  c('town', 'St Augustin', 'Sankt Augustin'),
  c('town', 'St. Peter-Ording', 'Sankt Peter-Ording'),
  c('town', 'St. Ingbert', 'Sankt Ingbert'),
  c('town', 'Bad Homburg', 'Bad Homburg vor der Höhe'),
  c('town', 'Baden-Baden', 'Baden-Baden'),
  c('town', 'Garmisch', 'Garmisch-Partenkirchen'),
  c('town', 'Rathenow', 'Rathenow'),
  c('town', 'Stade', 'Stade', { type: 'quarterOrTown' }),
  c('town', 'Lüneburg', 'Lüneburg', { type: 'quarterOrTown' }),
  c('town', 'Westerland', 'Westerland'),
  c('town', 'Sylt', '25980 Sylt'),
  c('town', 'Tübingen', 'Tübingen', { type: 'quarterOrTown' }),
  c('town', 'Marburg', 'Marburg an der Lahn'),
  c('town', 'Göttingen', 'Göttingen', { type: 'quarterOrTown' }),
  c('town', 'Bergen auf Rügen', 'Bergen auf Rügen'),
  // quarters
  c('quarter', 'Berlin Mitte', 'Berlin - Mitte'),
  c('quarter', 'Berlin-Mitte', 'Berlin - Mitte'),
  c('quarter', 'Mitte Berlin', 'Berlin - Mitte'),
  c('quarter', 'Kreuzberg', 'Berlin - Kreuzberg'),
  c('quarter', 'Prenzlauer Berg', 'Berlin - Prenzlauer Berg'),
  c('quarter', 'Köpenick', 'Berlin - Köpenick'),
  c('quarter', 'Charlottenburg', 'Berlin - Charlottenburg'),
  c('quarter', 'Spandau', 'Berlin - Spandau'),
  c('quarter', 'Köln Ehr', 'Köln - Ehrenfeld'),
  c('quarter', 'Köln Ehrenfeld', 'Köln - Ehrenfeld'),
  c('quarter', 'Ehrenfeld', 'Köln - Ehrenfeld'),
  c('quarter', 'Köln Nippes', 'Köln - Nippes'),
  c('quarter', 'Hamburg Blankenese', 'Hamburg - Blankenese'),
  c('quarter', 'Blankenese', 'Hamburg - Blankenese'),
  c('quarter', 'Altona', 'Hamburg - Altona'),
  c('quarter', 'St. Pauli', 'Hamburg - St. Pauli'),
  c('quarter', 'Hamburg Harburg', 'Hamburg - Harburg'),
  c('quarter', 'München Pasing', 'München - Pasing'),
  c('quarter', 'Bogenhausen', 'München - Bogenhausen'),
  c('quarter', 'Leipzig Connewitz', 'Leipzig - Connewitz'),
  c('quarter', 'Leipzig Gohlis', 'Leipzig - Gohlis'),
  c('quarter', 'Dresden Neustadt', 'Dresden - Neustadt'),
  c('quarter', 'Stuttgart Bad Cannstatt', 'Stuttgart - Bad Cannstatt'),
  c('quarter', 'Düsseldorf Bilk', 'Düsseldorf - Bilk'),
  c('quarter', 'Frankfurt Höchst', 'Frankfurt am Main - Höchst'),
  c('quarter', 'Bonn Beuel', 'Bonn - Beuel'),
  c('quarter', 'Bad Godesberg', 'Bonn - Bad Godesberg'),
  c('quarter', 'Essen Steele', 'Essen - Steele'),
  c('quarter', 'Karlsruhe Durlach', 'Karlsruhe - Durlach'),
  c('quarter', 'Potsdam Babelsberg', 'Potsdam - Babelsberg'),
  c('quarter', 'Bilderstöckchen', 'Köln - Bilderstöckchen'),
  // well-known quarters any visitor would try
  c('quarter', 'München Schwabing', 'München - Schwabing'),
  c('quarter', 'Frankfurt Sachsenhausen', 'Frankfurt am Main - Sachsenhausen'),
  c('quarter', 'München Maxvorstadt', 'München - Maxvorstadt'),
  c('quarter', 'Berlin Friedrichshain', 'Berlin - Friedrichshain'),
  c('quarter', 'Berlin Wedding', 'Berlin - Wedding'),
  c('quarter', 'Hamburg Eimsbüttel', 'Hamburg - Eimsbüttel'),
  c('quarter', 'Hamburg Ottensen', 'Hamburg - Ottensen'),
  c('quarter', 'Köln Deutz', 'Köln - Deutz'),
  c('quarter', 'Hannover Linden', 'Hannover - Linden'),
  c('quarter', 'Leipzig Plagwitz', 'Leipzig - Plagwitz'),
  c('quarter', 'Dresden Blasewitz', 'Dresden - Blasewitz'),
  c('quarter', 'Stuttgart Vaihingen', 'Stuttgart - Vaihingen'),
  c('quarter', 'Düsseldorf Oberkassel', 'Düsseldorf - Oberkassel'),
  c('quarter', 'Nürnberg Gostenhof', 'Nürnberg - Gostenhof'),
  // quarters of cities that had none or few (named in packages/sandbox/src/geo/quarters-de.ts)
  c('quarter', 'Göttingen Weende', 'Göttingen - Weende'),
  c('quarter', 'Heilbronn Böckingen', 'Heilbronn - Böckingen'),
  c('quarter', 'Hildesheim Ochtersum', 'Hildesheim - Ochtersum'),
  c('quarter', 'Recklinghausen Suderwich', 'Recklinghausen - Suderwich'),
  c('quarter', 'Remscheid Lennep', 'Remscheid - Lennep'),
  c('quarter', 'Bergisch Gladbach Bensberg', 'Bergisch Gladbach - Bensberg'),
  c('quarter', 'Moers Repelen', 'Moers - Repelen'),
  c('quarter', 'Aachen Eilendorf', 'Aachen - Eilendorf'),
  c('quarter', 'Aachen Burtscheid', 'Aachen - Burtscheid'),
  c('quarter', 'Kiel Holtenau', 'Kiel - Holtenau'),
  c('quarter', 'Augsburg Lechhausen', 'Augsburg - Lechhausen'),
  c('quarter', 'Heidelberg Handschuhsheim', 'Heidelberg - Handschuhsheim'),
  c('quarter', 'Münster Hiltrup', 'Münster - Hiltrup'),
  c('quarter', 'Mainz Gonsenheim', 'Mainz - Gonsenheim'),
  c('quarter', 'Erlangen Bruck', 'Erlangen - Bruck'),
  c('quarter', 'Würzburg Versbach', 'Würzburg - Versbach'),
  c('quarter', 'Bremerhaven Geestemünde', 'Bremerhaven - Geestemünde'),
  c('quarter', 'Oldenburg Eversten', 'Oldenburg (Oldenburg) - Eversten'),
  c('quarter', 'Osnabrück Schinkel', 'Osnabrück - Schinkel'),
  c('quarter', 'Saarbrücken Dudweiler', 'Saarbrücken - Dudweiler'),
  c('quarter', 'Wolfsburg Fallersleben', 'Wolfsburg - Fallersleben'),
  c('quarter', 'Jena Lobeda', 'Jena - Lobeda'),
  c('quarter', 'Lobeda', 'Jena - Lobeda'),
  c('quarter', 'Koblenz Ehrenbreitstein', 'Koblenz - Ehrenbreitstein'),
  c('quarter', 'Bielefeld Schildesche', 'Bielefeld - Schildesche'),
  c('quarter', 'Köln Sülz', 'Köln - Sülz'),
  c('quarter', 'Hamburg Bramfeld', 'Hamburg - Bramfeld'),
  c('quarter', 'München Laim', 'München - Laim'),
  c('quarter', 'Dresden Striesen', 'Dresden - Striesen'),
  c('quarter', 'Leipzig Südvorstadt', 'Leipzig - Südvorstadt'),
  // Austria
  c('at-city', 'Wien', 'Wien', { ...AT, type: 'city' }),
  c('at-city', 'Graz', 'Graz', { ...AT, type: 'city' }),
  c('at-city', 'Linz', 'Linz', { ...AT, type: 'city' }),
  c('at-city', 'Salzburg', 'Salzburg (Stadt)', AT),
  c('at-city', 'Innsbruck', 'Innsbruck', { ...AT, type: 'city' }),
  c('at-city', 'Klagenfurt', 'Klagenfurt am Wörthersee', AT),
  c('at-city', 'Villach', 'Villach', { ...AT, type: 'city' }),
  c('at-city', 'St. Pölten', 'Sankt Pölten', { ...AT, type: 'city' }),
  c('at-city', 'Wels', 'Wels', { ...AT, type: 'city' }),
  c('at-town', 'Bregenz', 'Bregenz', AT),
  c('at-town', 'Baden', 'Baden', { ...AT, type: 'quarterOrTown' }),
  c('at-quarter', 'Wien Leopoldstadt', 'Wien - Leopoldstadt', AT),
  c('at-quarter', 'Leopoldstadt', 'Wien - Leopoldstadt', AT),
  c('at-quarter', 'Wien Favoriten', 'Wien - Favoriten', AT),
  c('at-quarter', 'Währing', 'Wien - Währing', AT),
  c('at-quarter', 'Wieden', 'Wien - Wieden', AT),
  c('at-quarter', 'Liesing', 'Wien - Liesing', AT),
  c('at-quarter', 'Döbling', 'Wien - Döbling', AT),
  c('at-quarter', 'Wien Landstraße', 'Wien - Landstraße', AT),
  c('at-quarter', 'Graz Jakomini', 'Graz - Jakomini', AT),
  c('at-quarter', 'Graz Lend', 'Graz - Lend', AT),
  c('at-quarter', 'Eggenberg Graz', 'Graz - Eggenberg', AT),
  c('at-quarter', 'Salzburg Gnigl', 'Salzburg - Gnigl', AT),
  c('at-quarter', 'Liefering', 'Salzburg - Liefering', AT),
  c('at-quarter', 'Salzburg Itzling', 'Salzburg - Itzling', AT),
  c('at-quarter', 'Linz Urfahr', 'Linz - Urfahr', AT),
  c('at-quarter', 'Ebelsberg', 'Linz - Ebelsberg', AT),
  c('at-postcode', '1020', '1020 Wien', AT),
  c('at-postcode', '5020', '5020 Salzburg', AT),
  c('at-postcode', '8010', '8010 Graz', AT),
  // districts
  c('district', 'Landkreis München', 'München (Kreis)'),
  c('district', 'Kreis München', 'München (Kreis)'),
  c('district', 'LK Stade', 'Stade (Kreis)'),
  c('district', 'Stade Kreis', 'Stade (Kreis)'),
  c('district', 'Rhein-Sieg', 'Rhein-Sieg-Kreis'),
  c('district', 'Rhein-Sieg-Kreis', 'Rhein-Sieg-Kreis'),
  c('district', 'Region Hannover', 'Region Hannover (Kreis)'),
  c('district', 'Potsdam-Mittelmark', 'Potsdam-Mittelmark (Kreis)'),
  c('district', 'Landkreis Regensburg', 'Regensburg (Kreis)'),
  c('district', 'Vorpommern-Rügen', 'Vorpommern-Rügen (Kreis)'),
  c('district', 'Hochtaunuskreis', 'Hochtaunuskreis'),
  c('district', 'Zwettl Bezirk', 'Zwettl (Bezirk)', AT),
  c('region', 'Brandenburg', 'Brandenburg', { type: 'region' }),
  c('region', 'Bayern', 'Bayern'),
  c('region', 'Saarland', 'Saarland'),
  c('region', 'NRW', 'Nordrhein-Westfalen'),
  c('region', 'Nordrhein', 'Nordrhein-Westfalen'),
  c('region', 'Tirol', 'Tirol', AT),
  c('region', 'Steiermark', 'Steiermark', AT),
  // postcodes
  c('postcode', '80331', '80331 München'),
  c('postcode', '10115', '10115 Berlin'),
  c('postcode', '14467', '14467 Potsdam'),
  c('postcode', '50667', '50667 Köln'),
  c('postcode', '20095', '20095 Hamburg'),
  c('postcode', '01067', '01067 Dresden'),
  c('postcode', '70173', '70173 Stuttgart'),
  c('postcode', '60311', '60311 Frankfurt am Main'),
  c('postcode', '25980', '25980 Sylt'),
  // postcodes with the service's default t: postcodeWithQuarter
  c('postcode-default-t', '10115', '10115 Berlin - Mitte', { t: '' }),
  c('postcode-default-t', '50825', '50825 Köln - Ehrenfeld', { t: '' }),
  c('postcode-default-t', '1020', '1020 Wien - Leopoldstadt', { ...AT, t: '' }),
  // typos
  c('typo', 'Münschen', 'München', { type: 'city' }),
  c('typo', 'Dresdn', 'Dresden'),
  c('typo', 'Nürnbreg', 'Nürnberg'),
  c('typo', 'Frankfrut', 'Frankfurt am Main'),
  c('typo', 'Hamburk', 'Hamburg', { type: 'city' }),
  c('typo', 'Leipzg', 'Leipzig'),
  c('typo', 'Stutgart', 'Stuttgart', { type: 'city' }),
  c('typo', 'Düsseldorff', 'Düsseldorf'),
  c('typo', 'Heidelberk', 'Heidelberg'),
  c('typo', 'Innsbruk', 'Innsbruck', { ...AT, type: 'city' }),
  // umlaut folding one way
  c('umlaut', 'Rügen', 'Vorpommern-Rügen (Kreis)'),
  c('umlaut', 'Fürth', 'Fürth', { type: 'city' }),
  c('umlaut', 'Furth', 'Fürth', { type: 'city' }),
  c('umlaut', 'Göttingen', 'Göttingen', { type: 'quarterOrTown' }),
  // stations
  c('station', 'Berlin Hbf', 'Berlin Hauptbahnhof', { t: 'trainStation' }),
  c('station', 'Berlin Hauptbahnhof', 'Berlin Hauptbahnhof', { t: 'trainStation' }),
  c('station', 'Hauptbahnhof Berlin', 'Berlin Hauptbahnhof', { t: 'trainStation' }),
  c('station', 'München Hbf', 'München Hbf', { t: 'trainStation' }),
  c('station', 'München Hauptbahnhof', 'München Hbf', { t: 'trainStation' }),
  c('station', 'Köln Hbf', 'Köln Hbf', { t: 'trainStation' }),
  c('station', 'Hamburg Hbf', 'Hamburg Hbf', { t: 'trainStation' }),
  c('station', 'Frankfurt Hbf', 'Frankfurt (Main) Hbf', { t: 'trainStation' }),
  c('station', 'Ostbahnhof', 'Berlin Ostbahnhof', { t: 'trainStation' }),
  c('station', 'Köln Messe', 'Köln Messe/Deutz', { t: 'trainStation' }),
  c('station', 'Grimma ob Bahnhof', 'Grimma ob Bf', { t: 'trainStation' }),
  // streets
  c('street', 'Kurfürstendamm', 'Kurfürstendamm, 10711 Berlin', { t: 'All' }),
  c('street', 'Invalidenstr', 'Invalidenstraße, 10115 Berlin', { t: 'street' }),
  c('street', 'Invalidenstr.', 'Invalidenstraße, 10115 Berlin', { t: 'street' }),
  c('street', 'Hafenstraße Frankfurt', 'Hafenstraße, Frankfurt am Main', { t: 'All' }),
  c('street', 'Friedrich-Engels-Str. Potsdam', 'Friedrich-Engels-Straße, 14473 Potsdam', {
    t: 'All',
  }),
  // streets must not push places away
  c('street-vs-place', 'Sylt', '25980 Sylt', { t: 'All' }),
  c('street-vs-place', 'Leipzig', 'Leipzig', { t: 'All', type: 'city' }),
  c('street-vs-place', 'Halle', 'Halle (Saale)', { t: 'All' }),
  c('street-vs-place', 'Bonn', 'Bonn', { t: 'All' }),
];

export interface BatteryResult {
  total: number;
  top3: number;
  rank1: number;
  misses: { c: BatteryCase; got: string[] }[];
  byKind: Map<string, { n: number; top3: number; rank1: number }>;
}

/** Runs the battery against a geo index: where each meant place lands. */
export function runBattery(geo: GeoIndex): BatteryResult {
  const res: BatteryResult = { total: 0, top3: 0, rank1: 0, misses: [], byKind: new Map() };
  for (const bc of BATTERY) {
    const t = bc.t === undefined ? WIDGET_TYPES : bc.t || undefined;
    const items = geo.suggest(bc.country ?? 'DEU', { i: bc.i, t, l: '10' });
    const rank = items.findIndex(
      (s) => s.entity.label === bc.meant && (!bc.type || s.entity.type === bc.type),
    );
    const k =
      res.byKind.get(bc.kind) ?? res.byKind.set(bc.kind, { n: 0, top3: 0, rank1: 0 }).get(bc.kind)!;
    res.total++;
    k.n++;
    if (rank === 0) {
      res.rank1++;
      k.rank1++;
    }
    if (rank >= 0 && rank < 3) {
      res.top3++;
      k.top3++;
    } else
      res.misses.push({
        c: bc,
        got: items.slice(0, 3).map((s) => `${s.entity.type}:${s.entity.label}`),
      });
  }
  return res;
}

/** The battery's lines for the bench report. */
export function batteryReport(geo: GeoIndex): string {
  const r = runBattery(geo);
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  const lines = [
    `geo battery: ${r.total} inputs (bench/sandbox-geo-battery.ts), widget types unless the case names others`,
    `  meant place in top 3: ${r.top3}/${r.total} = ${pct(r.top3, r.total)} (target ≥ 97 %)`,
    `  meant place at rank 1: ${r.rank1}/${r.total} = ${pct(r.rank1, r.total)} (target ≥ 90 %)`,
    `  per kind (top 3 / rank 1 of n): ${[...r.byKind].map(([k, v]) => `${k} ${v.top3}/${v.rank1}/${v.n}`).join(', ')}`,
  ];
  for (const m of r.misses)
    lines.push(
      `  miss: "${m.c.i}" (${m.c.country ?? 'DEU'}) meant ${m.c.meant}; got ${m.got.join(' | ') || 'nothing'}`,
    );
  return lines.join('\n');
}
