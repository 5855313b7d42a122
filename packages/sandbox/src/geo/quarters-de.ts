/**
 * Official city districts of 80 German cities, named in code as Vienna's Bezirke are
 * (build.ts, VIENNA_BEZIRKE): no npm data package lists German Stadtteile or Stadtbezirke,
 * and GeoNames has sections for only some cities (Heilbronn, Göttingen, Hildesheim,
 * Remscheid … had none). The names are public facts: the Stadtteile / Stadtbezirke as each
 * city's Hauptsatzung or statistics office names them (not a copied data set), written only
 * where we are sure of them: fewer correct names beat many doubtful ones.
 *
 * Positions are never invented: build.ts (namedQuarters) takes each name's position from
 * the data packages (a GeoNames section of that name, else the centre of the
 * db-hafas-stations stops of that city whose name starts with, or holds as words, the
 * quarter's name, else a DB station "<City>-<Quarter>"); a name with no position is left
 * out and counted (stats.namedQuartersUnplaced). Names the data already has as a quarter
 * of the city (compared folded, as search folds them) are not added twice.
 *
 * Where a city's statistics split a quarter people know by one name (Hannover's
 * Linden-Nord/-Mitte/-Süd, Potsdam's Babelsberg Nord/Süd, Frankfurt's Sachsenhausen-Nord/
 * -Süd), that name is listed too: the former town or the quarter's name the city itself
 * uses (Linden was a town until 1920, Babelsberg until 1939).
 *
 * Keyed by the city's name as the geography names it: the kreisfreie Stadt's name
 * (landkreise-deutschland, e.g. "Frankfurt am Main", "Halle (Saale)") or, for a big town
 * inside a Kreis (Hannover, Aachen, Göttingen …), its GeoNames name. Covered: every German
 * city over 100,000 inhabitants that had fewer than 6 quarters, the well-known quarters
 * the biggest cities lacked, and more for cities over 200,000 that had fewer than 32.
 */
export const QUARTERS_DE: Record<string, readonly string[]> = {
  // ---- the biggest cities: well-known quarters they lacked (the rest they have)
  Berlin: ['Borsigwalde'],
  Hamburg: [
    'Jenfeld', 'Bramfeld', 'Hohenfelde', 'Uhlenhorst', 'Bahrenfeld', 'Iserbrook', 'Lokstedt', 'Hoheluft-West',
    'Rönneburg', 'Marmstorf', 'Heimfeld', 'Wilstorf', 'Sinstorf', 'Langenbek', 'Gut Moor', 'Finkenwerder',
    'Moorburg', 'Altenwerder', 'Waltershof', 'Steinwerder', 'Lohbrügge', 'Curslack', 'Altengamme', 'Neuengamme',
    'Tatenberg', 'Klostertor',
  ],
  München: [
    'Altstadt', 'Lehel', 'Maxvorstadt', 'Schwabing', 'Schwabing-West', 'Freimann', 'Milbertshofen', 'Am Hart',
    'Haidhausen', 'Au', 'Ludwigsvorstadt', 'Isarvorstadt', 'Sendling', 'Sendling-Westpark', 'Schwanthalerhöhe',
    'Westend', 'Neuhausen', 'Nymphenburg', 'Gern', 'Laim', 'Hadern', 'Großhadern', 'Kleinhadern', 'Trudering',
    'Waldtrudering', 'Riem', 'Messestadt Riem', 'Ramersdorf', 'Obergiesing', 'Untergiesing', 'Harlaching',
    'Fasangarten', 'Thalkirchen', 'Obersendling', 'Forstenried', 'Fürstenried', 'Hasenbergl', 'Lerchenau',
    'Ludwigsfeld', 'Oberföhring', 'Denning', 'Zamdorf', 'Blumenau', 'Oberwiesenfeld', 'Am Riesenfeld',
  ],
  Köln: [
    'Lindenthal', 'Klettenberg', 'Braunsfeld', 'Müngersdorf', 'Junkersdorf', 'Weiden', 'Lövenich',
    'Widdersdorf', 'Bickendorf', 'Vogelsang', 'Marienburg', 'Raderberg', 'Raderthal', 'Zollstock', 'Rondorf',
    'Sürth', 'Weiß', 'Hahnwald', 'Godorf', 'Meschenich', 'Humboldt-Gremberg', 'Vingst', 'Neubrück', 'Brück',
    'Merheim', 'Flittard', 'Dünnwald', 'Höhenhaus', 'Niehl', 'Weidenpesch', 'Merkenich', 'Fühlingen', 'Seeberg',
    'Heimersdorf', 'Lindweiler', 'Pesch', 'Blumenberg', 'Lind', 'Libur', 'Wahn', 'Zündorf', 'Langel', 'Urbach',
    'Elsdorf', 'Grengel', 'Finkenberg', 'Westhoven', 'Ensen', 'Porz', 'Bocklemünd', 'Sülz', 'Esch', 'Auweiler',
  ],
  'Frankfurt am Main': [
    'Altstadt', 'Innenstadt', 'Bahnhofsviertel', 'Westend-Süd', 'Westend-Nord', 'Nordend-West', 'Nordend-Ost',
    'Ostend', 'Bornheim', 'Gutleutviertel', 'Bockenheim', 'Sachsenhausen-Nord', 'Sachsenhausen-Süd', 'Oberrad',
    'Schwanheim', 'Hausen', 'Praunheim', 'Heddernheim', 'Niederursel', 'Ginnheim', 'Dornbusch', 'Eckenheim',
    'Preungesheim', 'Bonames', 'Riederwald', 'Seckbach', 'Fechenheim', 'Unterliederbach', 'Nieder-Erlenbach',
    'Kalbach-Riedberg', 'Harheim', 'Nieder-Eschbach', 'Bergen-Enkheim', 'Riedberg', 'Kalbach',
    // the names the statistics split in two, as visitors and the city itself use them
    'Sachsenhausen', 'Westend', 'Nordend',
  ],
  Stuttgart: [
    'Birkach', 'Botnang', 'Degerloch', 'Hedelfingen', 'Möhringen', 'Plieningen', 'Sillenbuch', 'Stammheim',
    'Untertürkheim', 'Wangen', 'Heslach', 'Kaltental', 'Rotenberg', 'Uhlbach', 'Fasanenhof', 'Sonnenberg',
    'Riedenberg', 'Heumaden', 'Rohracker', 'Killesberg', 'Hofen', 'Neugereut', 'Steinhaldenfeld',
    'Büsnau', 'Dürrlewang', 'Giebel', 'Hausen', 'Bergheim', 'Freiberg', 'Mönchfeld', 'Gablenberg', 'Gaisburg',
  ],
  Düsseldorf: [
    'Altstadt', 'Carlstadt', 'Stadtmitte', 'Oberkassel', 'Niederkassel', 'Heerdt', 'Lörick', 'Golzheim',
    'Stockum', 'Lohausen', 'Kaiserswerth', 'Kalkum', 'Angermund', 'Wittlaer', 'Lichtenbroich', 'Unterbach',
    'Vennhausen', 'Grafenberg', 'Ludenberg', 'Hubbelrath', 'Knittkuhl', 'Mörsenbroich', 'Düsseltal', 'Lierenfeld',
    'Holthausen', 'Himmelgeist', 'Itter', 'Urdenbach', 'Hassels', 'Volmerswerth', 'Flehe', 'Unterbilk', 'Hafen',
  ],
  Leipzig: [
    'Südvorstadt', 'Marienbrunn', 'Lößnig', 'Schleußig', 'Probstheida', 'Meusdorf', 'Reudnitz-Thonberg', 'Reudnitz',
    'Volkmarsdorf', 'Mockau', 'Schönefeld', 'Eutritzsch', 'Wahren', 'Seehausen', 'Wiederitzsch', 'Lindenthal',
    'Böhlitz-Ehrenberg', 'Altlindenau', 'Neulindenau', 'Schönau', 'Grünau', 'Baalsdorf', 'Dölitz', 'Dösen',
    'Lützschena', 'Stahmeln', 'Portitz', 'Plaußig', 'Abtnaundorf', 'Stünz', 'Thonberg', 'Lausen', 'Knautkleeberg',
    'Hartmannsdorf', 'Knautnaundorf', 'Burghausen', 'Althen', 'Kleinpösna',
  ],
  Dresden: [
    'Altstadt', 'Johannstadt', 'Seevorstadt', 'Südvorstadt', 'Striesen', 'Gruna', 'Tolkewitz', 'Laubegast',
    'Prohlis', 'Leubnitz-Neuostra', 'Niedersedlitz', 'Lockwitz', 'Räcknitz', 'Zschertnitz', 'Mockritz', 'Coschütz',
    'Gittersee', 'Naußlitz', 'Leutewitz', 'Briesnitz', 'Kaditz', 'Übigau', 'Wilder Mann', 'Weißer Hirsch', 'Bühlau',
    'Langebrück', 'Weixdorf', 'Leipziger Vorstadt', 'Wölfnitz', 'Cossebaude', 'Gompitz', 'Mobschatz', 'Oberwartha',
    'Schönfeld-Weißig', 'Trachenberge', 'Seidnitz', 'Großzschachwitz', 'Kleinzschachwitz', 'Radeberger Vorstadt',
  ],
  Nürnberg: [
    'Gostenhof', 'St. Johannis', 'St. Leonhard', 'St. Peter', 'St. Jobst', 'Wöhrd', 'Maxfeld', 'Glockenhof',
    'Galgenhof', 'Gibitzenhof', 'Langwasser', 'Altenfurt', 'Fischbach', 'Ziegelstein', 'Buchenbühl', 'Thon',
    'Schniegling', 'Muggenhof', 'Eberhardshof', 'Sündersbühl', 'Kornburg', 'Katzwang', 'Worzeldorf', 'Zerzabelshof',
    'Hasenbuck', 'Werderau', 'Lichtenhof', 'Tafelhof', 'Almoshof', 'Boxdorf', 'Großgründlach', 'Kraftshof',
    'Neunhof', 'Schoppershof', 'Veilhof',
  ],
  Hannover: [
    'Mitte', 'Calenberger Neustadt', 'Südstadt', 'Oststadt', 'Zoo', 'List', 'Vahrenwald', 'Vahrenheide', 'Hainholz',
    'Bothfeld', 'Lahe', 'Sahlkamp', 'Groß-Buchholz', 'Heideviertel', 'Kirchrode', 'Bemerode', 'Wülferode',
    'Misburg-Nord', 'Misburg-Süd', 'Misburg', 'Anderten', 'Döhren', 'Wülfel', 'Mittelfeld', 'Seelhorst', 'Waldhausen',
    'Waldheim', 'Bult', 'Ricklingen', 'Oberricklingen', 'Mühlenberg', 'Wettbergen', 'Linden-Nord', 'Linden-Mitte',
    'Linden-Süd', 'Linden', 'Limmer', 'Davenstedt', 'Badenstedt', 'Ahlem', 'Herrenhausen', 'Stöcken', 'Marienwerder',
    'Ledeburg', 'Burg', 'Vinnhorst', 'Brink-Hafen', 'Isernhagen-Süd',
  ],
  Dortmund: [
    'Hombruch', 'Schüren', 'Berghofen', 'Wellinghofen', 'Wichlinghofen', 'Syburg', 'Benninghofen', 'Holzen',
    'Höchsten', 'Kirchlinde', 'Jungferntal', 'Bodelschwingh', 'Nette', 'Oestrich', 'Groppenbruch', 'Brechten',
    'Holthausen', 'Lindenhorst', 'Husen', 'Wambel', 'Neuasseln', 'Hacheney', 'Renninghausen', 'Kemminghausen',
    'Innenstadt-Nord', 'Innenstadt-Ost', 'Innenstadt-West',
  ],
  Essen: [
    'Stadtkern', 'Ostviertel', 'Nordviertel', 'Westviertel', 'Südviertel', 'Südostviertel', 'Huttrop', 'Rüttenscheid',
    'Rellinghausen', 'Bergerhausen', 'Bredeney', 'Schuir', 'Haarzopf', 'Fulerum', 'Margarethenhöhe', 'Holsterhausen',
    'Altendorf', 'Bochold', 'Schönebeck', 'Frintrop', 'Vogelheim', 'Karnap', 'Katernberg', 'Stoppenberg',
    'Schonnebeck', 'Frillendorf', 'Leithe', 'Freisenbruch', 'Burgaltendorf', 'Byfang', 'Heisingen', 'Fischlaken',
    'Kettwig', 'Heidhausen', 'Bedingrade',
  ],
  Bremen: [
    'Altstadt', 'Bahnhofsvorstadt', 'Ostertor', 'Steintor', 'Fesenfeld', 'Peterswerder', 'Hulsberg', 'Schwachhausen',
    'Findorff', 'Gete', 'Horn-Lehe', 'Borgfeld', 'Vahr', 'Neue Vahr', 'Osterholz', 'Tenever', 'Blockdiek',
    'Arbergen', 'Obervieland', 'Kattenturm', 'Huchting', 'Kirchhuchting', 'Woltmershausen', 'Gröpelingen',
    'Blumenthal', 'Rönnebeck', 'Farge', 'Grohn', 'Habenhausen', 'Arsten', 'Utbremen', 'Überseestadt', 'Hastedt',
    'Buntentor', 'Alte Neustadt', 'Südervorstadt', 'Riensberg', 'Aumund',
  ],
  Duisburg: [
    'Altstadt', 'Neudorf', 'Duissern', 'Dellviertel', 'Kaßlerfeld', 'Neuenkamp', 'Wanheimerort', 'Hochemmerich',
    'Bergheim', 'Friemersheim', 'Rumeln-Kaldenhausen', 'Homberg', 'Baerl', 'Hochheide', 'Walsum', 'Aldenrade',
    'Wehofen', 'Fahrn', 'Overbruch', 'Vierlinden', 'Hamborn', 'Marxloh', 'Obermarxloh', 'Neumühl', 'Röttgersbach',
    'Beeck', 'Beeckerwerth', 'Laar', 'Bruckhausen', 'Untermeiderich', 'Mittelmeiderich', 'Hüttenheim',
    'Huckingen', 'Ungelsheim', 'Mündelheim', 'Wanheim-Angerhausen', 'Bissingheim',
  ],
  Bochum: [
    'Wattenscheid', 'Altenbochum', 'Laer', 'Werne', 'Querenburg', 'Stiepel', 'Weitmar', 'Linden', 'Wiemelhausen',
    'Grumme', 'Gerthe', 'Hiltrop', 'Bergen', 'Harpen', 'Hofstede', 'Eppendorf', 'Höntrop', 'Günnigfeld', 'Leithe',
    'Westenfeld', 'Sevinghausen', 'Goldhamme', 'Kornharpen', 'Steinkuhl',
  ],
  Wuppertal: [
    'Elberfeld', 'Barmen', 'Cronenberg', 'Ronsdorf', 'Heckinghausen', 'Beyenburg', 'Nächstebreck', 'Dornap',
    'Varresbeck', 'Uellendahl', 'Katernberg', 'Arrenberg', 'Ostersbaum', 'Brill', 'Lichtscheid', 'Küllenhahn',
    'Hahnerberg', 'Wichlinghausen', 'Rott',
  ],
  Chemnitz: [
    'Zentrum', 'Kaßberg', 'Schloßchemnitz', 'Sonnenberg', 'Lutherviertel', 'Bernsdorf', 'Kappel', 'Helbersdorf',
    'Markersdorf', 'Hutholz', 'Morgenleite', 'Yorckgebiet', 'Gablenz', 'Reichenbrand', 'Rabenstein', 'Grüna',
    'Altendorf', 'Furth', 'Ebersdorf', 'Adelsberg', 'Euba', 'Erfenschlag', 'Harthau', 'Einsiedel', 'Klaffenbach',
    'Mittelbach', 'Röhrsdorf', 'Altchemnitz', 'Reichenhain', 'Rottluff',
  ],
  'Halle (Saale)': [
    'Altstadt', 'Giebichenstein', 'Paulusviertel', 'Kröllwitz', 'Heide-Süd', 'Heide-Nord', 'Dölau', 'Lettin',
    'Seeben', 'Tornau', 'Mötzlich', 'Frohe Zukunft', 'Landrain', 'Gesundbrunnen', 'Radewell', 'Osendorf',
    'Planena', 'Beesen', 'Wörmlitz', 'Böllberg', 'Reideburg', 'Büschdorf', 'Kanena', 'Bruckdorf', 'Diemitz',
    'Freiimfelde', 'Passendorf',
  ],
  'Freiburg im Breisgau': [
    'Altstadt', 'Neuburg', 'Oberau', 'Waldsee', 'Stühlinger', 'Brühl', 'Mooswald', 'Betzenhausen', 'Lehen',
    'Weingarten', 'Rieselfeld', 'Vauban', 'Haslach', 'Munzingen', 'Opfingen', 'Tiengen', 'Waltershofen', 'Hochdorf',
    'Ebnet', 'Kappel', 'Günterstal', 'Mittelwiehre', 'Oberwiehre', 'Unterwiehre',
  ],
  Bonn: [
    'Auerberg', 'Buschdorf', 'Dransdorf', 'Graurheindorf', 'Gronau', 'Ippendorf', 'Lengsdorf', 'Lessenich',
    'Medinghoven', 'Poppelsdorf', 'Röttgen', 'Tannenbusch', 'Ückesdorf', 'Venusberg', 'Weststadt', 'Nordstadt',
    'Südstadt', 'Hardtberg', 'Brüser Berg', 'Holzlar', 'Hoholz', 'Geislar', 'Vilich', 'Pützchen', 'Bechlinghoven',
    'Limperich', 'Ramersdorf', 'Küdinghoven', 'Schwarzrheindorf', 'Hochkreuz', 'Plittersdorf', 'Rüngsdorf',
    'Lannesdorf', 'Muffendorf', 'Pennenfeld', 'Heiderhof', 'Schweinheim',
  ],
  Mannheim: [
    'Innenstadt', 'Jungbusch', 'Neckarstadt-West', 'Neckarstadt-Ost', 'Schwetzingerstadt', 'Oststadt', 'Lindenhof',
    'Almenhof', 'Neuostheim', 'Neuhermsheim', 'Feudenheim', 'Wallstadt', 'Vogelstang', 'Schönau', 'Sandhofen',
    'Scharhof', 'Blumenau', 'Gartenstadt', 'Pfingstberg', 'Casterfeld', 'Hochstätt', 'Niederfeld',
  ],
  Wiesbaden: [
    'Rheingauviertel', 'Westend', 'Klarenthal', 'Frauenstein', 'Sonnenberg', 'Rambach', 'Heßloch', 'Kloppenheim',
    'Auringen', 'Medenbach', 'Breckenheim', 'Delkenheim', 'Nordenstadt', 'Naurod', 'Amöneburg', 'Kostheim',
  ],
  Magdeburg: [
    'Altstadt', 'Werder', 'Alte Neustadt', 'Stadtfeld Ost', 'Stadtfeld West', 'Stadtfeld', 'Reform', 'Hopfengarten',
    'Lemsdorf', 'Ottersleben', 'Westerhüsen', 'Fermersleben', 'Prester', 'Cracau', 'Brückfeld', 'Rothensee',
    'Kannenstieg', 'Neustädter See', 'Neustädter Feld', 'Sülzegrund', 'Olvenstedt', 'Pechau',
  ],
  Rostock: [
    'Stadtmitte', 'Brinckmansdorf', 'Dierkow', 'Toitenwinkel', 'Gehlsdorf', 'Schmarl', 'Groß Klein', 'Reutershagen',
    'Hansaviertel', 'Gartenstadt', 'Südstadt', 'Biestow', 'Kassebohm', 'Markgrafenheide', 'Hohe Düne',
    'Diedrichshagen', 'Stadtweide', 'Marienehe', 'Hinrichsdorf',
  ],
  // ---- cities over 100,000 inhabitants that had fewer than 6 quarters
  Bielefeld: [
    'Mitte', 'Schildesche', 'Gadderbaum', 'Dornberg', 'Jöllenbeck', 'Heepen', 'Stieghorst', 'Babenhausen', 'Quelle',
    'Hillegossen', 'Ubbedissen', 'Sieker', 'Baumheide', 'Brake', 'Milse', 'Altenhagen', 'Oldentrup', 'Theesen',
    'Vilsendorf', 'Großdornberg',
  ],
  Münster: [
    'Altstadt', 'Kreuzviertel', 'Mauritz', 'Gievenbeck', 'Hiltrup', 'Kinderhaus', 'Coerde', 'Gremmendorf',
    'Angelmodde', 'Wolbeck', 'Handorf', 'Amelsbüren', 'Nienberge', 'Albachten', 'Sprakel', 'Sentrup', 'Aaseestadt',
    'Geist', 'Berg Fidel', 'Rumphorst', 'Uppenberg', 'Pluggendorf',
  ],
  Karlsruhe: [
    'Innenstadt-Ost', 'Innenstadt-West', 'Südstadt', 'Südweststadt', 'Weststadt', 'Nordweststadt', 'Oststadt',
    'Mühlburg', 'Daxlanden', 'Grünwinkel', 'Oberreut', 'Beiertheim-Bulach', 'Weiherfeld-Dammerstock', 'Rüppurr',
    'Waldstadt', 'Rintheim', 'Hagsfeld', 'Grötzingen', 'Stupferich', 'Hohenwettersbach', 'Wolfartsweier',
    'Grünwettersbach', 'Palmbach', 'Neureut', 'Nordstadt', 'Beiertheim', 'Bulach', 'Dammerstock', 'Weiherfeld',
  ],
  Augsburg: [
    'Lechhausen', 'Kriegshaber', 'Pfersee', 'Göggingen', 'Inningen', 'Bergheim', 'Haunstetten', 'Bärenkeller',
    'Firnhaberau', 'Hammerschmiede', 'Hochfeld', 'Antonsviertel', 'Spickel', 'Herrenbach', 'Textilviertel',
    'Bismarckviertel', 'Universitätsviertel', 'Siebenbrunn', 'Innenstadt', 'Lechviertel', 'Jakobervorstadt',
  ],
  Aachen: [
    'Brand', 'Eilendorf', 'Haaren', 'Laurensberg', 'Richterich', 'Burtscheid', 'Forst', 'Vaalserquartier',
    'Verlautenheide', 'Walheim', 'Kornelimünster', 'Oberforstbach', 'Lichtenbusch', 'Hahn', 'Schmithof', 'Orsbach',
    'Vetschau', 'Seffent', 'Horbach', 'Soers', 'Hörn', 'Steinebrück',
  ],
  Mönchengladbach: [
    'Rheydt', 'Odenkirchen', 'Wickrath', 'Giesenkirchen', 'Hardt', 'Neuwerk', 'Rheindahlen', 'Holt', 'Eicken',
    'Windberg', 'Hermges', 'Lürrip', 'Bettrath-Hoven', 'Venn', 'Hehn', 'Pesch', 'Ohler', 'Dahl', 'Schelsen',
    'Mülfort', 'Geistenbeck', 'Heyden', 'Pongs', 'Hockstein', 'Waldhausen', 'Uedding', 'Wickrathberg',
  ],
  Gelsenkirchen: [
    'Altstadt', 'Bismarck', 'Buer', 'Bulmke-Hüllen', 'Erle', 'Feldmark', 'Hassel', 'Heßler', 'Horst', 'Beckhausen',
    'Resse', 'Resser Mark', 'Rotthausen', 'Scholven', 'Schalke', 'Schalke-Nord', 'Ückendorf', 'Neustadt', 'Sutum',
  ],
  Kiel: [
    'Altstadt', 'Vorstadt', 'Exerzierplatz', 'Damperhof', 'Brunswik', 'Düsternbrook', 'Blücherplatz', 'Wik',
    'Ravensberg', 'Schreventeich', 'Südfriedhof', 'Gaarden-Ost', 'Gaarden-Süd', 'Gaarden', 'Kronsburg', 'Hassee',
    'Russee', 'Mettenhof', 'Suchsdorf', 'Holtenau', 'Pries', 'Friedrichsort', 'Wellingdorf', 'Neumühlen-Dietrichsdorf',
    'Dietrichsdorf', 'Ellerbek', 'Moorsee', 'Wellsee', 'Rönne', 'Meimersdorf', 'Projensdorf', 'Steenbek',
  ],
  Krefeld: [
    'Bockum', 'Uerdingen', 'Fischeln', 'Hüls', 'Oppum', 'Linn', 'Gellep-Stratum', 'Verberg', 'Traar', 'Forstwald',
    'Benrad', 'Inrath', 'Kliedbruch', 'Dießem', 'Lehmheide', 'Cracau', 'Stahldorf', 'Gartenstadt', 'Elfrath',
    'Königshof', 'Lindental', 'Kempener Feld', 'Baackeshof',
  ],
  Lübeck: [
    'Innenstadt', 'St. Jürgen', 'Moisling', 'Buntekuh', 'St. Lorenz Süd', 'St. Lorenz Nord', 'St. Lorenz',
    'St. Gertrud', 'Schlutup', 'Kücknitz', 'Travemünde', 'Marli', 'Eichholz', 'Karlshof', 'Vorwerk', 'Falkenfeld',
    'Blankensee', 'Wulfsdorf', 'Herrenwyk', 'Siems', 'Dänischburg', 'Israelsdorf', 'Strecknitz', 'Brandenbaum',
    'Hochschulstadtteil',
  ],
  Mainz: [
    'Altstadt', 'Neustadt', 'Oberstadt', 'Hartenberg-Münchfeld', 'Bretzenheim', 'Finthen', 'Drais', 'Lerchenberg',
    'Marienborn', 'Ebersheim', 'Hechtsheim', 'Weisenau', 'Hartenberg', 'Münchfeld',
  ],
  Erfurt: [
    'Altstadt', 'Löbervorstadt', 'Brühlervorstadt', 'Andreasvorstadt', 'Johannesvorstadt', 'Krämpfervorstadt',
    'Daberstedt', 'Melchendorf', 'Rieth', 'Berliner Platz', 'Moskauer Platz', 'Roter Berg', 'Herrenberg',
    'Wiesenhügel', 'Marbach', 'Ilversgehofen', 'Johannesplatz', 'Möbisburg', 'Stotternheim', 'Kerspleben',
    'Vieselbach', 'Linderbach', 'Windischholzhausen', 'Egstedt', 'Schmira', 'Frienstedt', 'Alach', 'Tiefthal',
    'Salomonsborn',
  ],
  Oberhausen: [
    'Sterkrade', 'Osterfeld', 'Alstaden', 'Lirich', 'Buschhausen', 'Holten', 'Schmachtendorf', 'Königshardt',
    'Klosterhardt', 'Tackenberg', 'Schwarze Heide', 'Barmingholten', 'Biefang', 'Vondern', 'Rothebusch',
    'Eisenheim', 'Schlad', 'Marienkirche', 'Alt-Oberhausen',
  ],
  Kassel: [
    'Mitte', 'Südstadt', 'Vorderer Westen', 'Wehlheiden', 'Bad Wilhelmshöhe', 'Wilhelmshöhe', 'Brasselsberg',
    'Süsterfeld-Helleböhn', 'Harleshausen', 'Kirchditmold', 'Rothenditmold', 'Nord-Holland', 'Fasanenhof',
    'Wesertor', 'Wolfsanger', 'Bettenhausen', 'Forstfeld', 'Waldau', 'Niederzwehren', 'Oberzwehren', 'Nordshausen',
    'Jungfernkopf', 'Unterneustadt', 'Philippinenhof', 'Warteberg', 'Hasenhecke',
  ],
  Hagen: [
    'Hohenlimburg', 'Haspe', 'Boele', 'Vorhalle', 'Wehringhausen', 'Altenhagen', 'Emst', 'Eppenhausen', 'Eckesey',
    'Fley', 'Helfe', 'Kabel', 'Garenfeld', 'Halden', 'Holthausen', 'Berchum', 'Dahl', 'Eilpe', 'Priorei',
    'Rummenohl', 'Westerbauer', 'Elsey', 'Delstern',
  ],
  Saarbrücken: [
    'Alt-Saarbrücken', 'St. Johann', 'Malstatt', 'Burbach', 'Dudweiler', 'Brebach-Fechingen', 'Brebach',
    'Fechingen', 'Bischmisheim', 'Ensheim', 'Eschringen', 'Gersweiler', 'Altenkessel', 'Klarenthal', 'Herrensohr',
    'Jägersfreude', 'Scheidt', 'Schafbrücke', 'Güdingen', 'Bübingen', 'Eschberg', 'Rodenhof', 'St. Arnual',
  ],
  Hamm: [
    'Mitte', 'Uentrop', 'Rhynern', 'Pelkum', 'Herringen', 'Bockum-Hövel', 'Heessen', 'Werries', 'Wiescherhöfen',
    'Berge', 'Westtünnen', 'Braam-Ostwennemar', 'Norddinker', 'Sandbochum', 'Bockum', 'Hövel',
  ],
  Potsdam: [
    'Babelsberg', 'Babelsberg Nord', 'Babelsberg Süd', 'Bornim', 'Bornstedt', 'Brandenburger Vorstadt', 'Drewitz',
    'Eiche', 'Fahrland', 'Golm', 'Groß Glienicke', 'Grube', 'Innenstadt', 'Kirchsteigfeld', 'Marquardt',
    'Nauener Vorstadt', 'Neu Fahrland', 'Nedlitz', 'Potsdam West', 'Sacrow', 'Satzkorn', 'Schlaatz', 'Am Stern',
    'Teltower Vorstadt', 'Uetz-Paaren', 'Waldstadt I', 'Waldstadt II', 'Waldstadt', 'Berliner Vorstadt',
    'Jägervorstadt', 'Klein Glienicke', 'Templiner Vorstadt', 'Zentrum Ost', 'Wildpark',
  ],
  'Ludwigshafen am Rhein': [
    'Mitte', 'Süd', 'Nord', 'Hemshof', 'West', 'Friesenheim', 'Oggersheim', 'Oppau', 'Edigheim', 'Pfingstweide',
    'Mundenheim', 'Maudach', 'Rheingönheim', 'Ruchheim', 'Gartenstadt', 'Niederfeld',
  ],
  'Mülheim an der Ruhr': [
    'Broich', 'Speldorf', 'Saarn', 'Selbeck', 'Mintard', 'Heißen', 'Styrum', 'Dümpten', 'Eppinghofen',
    'Menden-Holthausen', 'Holthausen', 'Menden', 'Winkhausen', 'Raadt',
  ],
  'Oldenburg (Oldenburg)': [
    'Bürgerfelde', 'Donnerschwee', 'Ehnern', 'Eversten', 'Kreyenbrück', 'Bloherfelde', 'Ofenerdiek', 'Osternburg',
    'Etzhorn', 'Nadorst', 'Ohmstede', 'Tweelbäke', 'Drielake', 'Krusenbusch', 'Bümmerstede', 'Dietrichsfeld',
    'Haarentor', 'Wechloy', 'Neuenwege',
  ],
  Osnabrück: [
    'Innenstadt', 'Weststadt', 'Westerberg', 'Eversburg', 'Hafen', 'Sonnenhügel', 'Haste', 'Dodesheide', 'Gartlage',
    'Schinkel', 'Widukindland', 'Schinkel-Ost', 'Fledder', 'Schölerberg', 'Kalkhügel', 'Wüste', 'Sutthausen',
    'Hellern', 'Atter', 'Pye', 'Darum-Gretesch-Lüstringen', 'Lüstringen', 'Voxtrup', 'Nahne',
  ],
  Leverkusen: [
    'Wiesdorf', 'Opladen', 'Schlebusch', 'Manfort', 'Rheindorf', 'Hitdorf', 'Quettingen', 'Lützenkirchen',
    'Bergisch Neukirchen', 'Steinbüchel', 'Alkenrath', 'Bürrig', 'Küppersteg', 'Fixheide', 'Waldsiedlung',
    'Mathildenhof',
  ],
  Heidelberg: [
    'Altstadt', 'Bergheim', 'Weststadt', 'Südstadt', 'Rohrbach', 'Kirchheim', 'Pfaffengrund', 'Wieblingen',
    'Handschuhsheim', 'Neuenheim', 'Ziegelhausen', 'Schlierbach', 'Emmertsgrund', 'Boxberg', 'Bahnstadt',
  ],
  Solingen: [
    'Mitte', 'Ohligs', 'Wald', 'Gräfrath', 'Höhscheid', 'Aufderhöhe', 'Merscheid', 'Widdert', 'Unterburg', 'Dorp',
    'Rupelrath', 'Krahenhöhe', 'Hästen', 'Foche',
  ],
  Darmstadt: [
    'Bessungen', 'Eberstadt', 'Arheilgen', 'Wixhausen', 'Kranichstein', 'Martinsviertel', 'Johannesviertel',
    'Waldkolonie', 'Heimstättensiedlung', 'Paulusviertel', 'Mathildenhöhe', 'Lincoln-Siedlung',
  ],
  Herne: [
    'Wanne', 'Eickel', 'Wanne-Eickel', 'Baukau', 'Börnig', 'Holsterhausen', 'Horsthausen', 'Sodingen', 'Holthausen',
    'Crange', 'Röhlinghausen', 'Unser Fritz', 'Bickern',
  ],
  Regensburg: [
    'Innenstadt', 'Stadtamhof', 'Steinweg', 'Reinhausen', 'Weichs', 'Schwabelweis', 'Kumpfmühl', 'Ziegetsdorf',
    'Neuprüll', 'Prüfening', 'Königswiesen', 'Dechbetten', 'Burgweinting', 'Harting', 'Oberisling', 'Graß',
    'Keilberg', 'Brandlberg', 'Wutzlhofen', 'Konradsiedlung', 'Sallern', 'Ostenviertel', 'Westenviertel',
    'Kasernenviertel', 'Galgenberg',
  ],
  Neuss: [
    'Holzheim', 'Grimlinghausen', 'Norf', 'Rosellen', 'Reuschenberg', 'Weckhoven', 'Erfttal', 'Uedesheim',
    'Gnadental', 'Furth', 'Hoisten', 'Allerheiligen', 'Derikum', 'Hammfeld', 'Speck', 'Vogelsang', 'Selikum',
    'Weißenberg', 'Grefrath', 'Dreikönigenviertel', 'Pomona', 'Rosellerheide',
  ],
  Paderborn: [
    'Elsen', 'Schloß Neuhaus', 'Sande', 'Sennelager', 'Wewer', 'Benhausen', 'Dahl', 'Marienloh', 'Neuenbeken',
  ],
  Ingolstadt: [
    'Friedrichshofen', 'Gerolfing', 'Oberhaunstadt', 'Unterhaunstadt', 'Etting', 'Zuchering', 'Unsernherrn',
    'Haunwöhr', 'Hundszell', 'Mailing', 'Feldkirchen', 'Brunnenreuth', 'Irgertsheim', 'Pettenhofen', 'Ringsee',
    'Hollerstauden', 'Piusviertel', 'Spitalhof',
  ],
  'Offenbach am Main': [
    'Bieber', 'Bürgel', 'Rumpenheim', 'Tempelsee', 'Lauterborn', 'Rosenhöhe', 'Buchhügel', 'Waldheim', 'Kaiserlei',
    'Nordend', 'Westend', 'Mathildenviertel', 'Buchrain', 'Senefelderquartier',
  ],
  Würzburg: [
    'Altstadt', 'Zellerau', 'Dürrbachtal', 'Grombühl', 'Lindleinsmühle', 'Frauenland', 'Sanderau', 'Heidingsfeld',
    'Heuchelhof', 'Steinbachtal', 'Versbach', 'Lengfeld', 'Rottenbauer', 'Mainviertel', 'Oberdürrbach',
    'Unterdürrbach',
  ],
  Fürth: [
    'Innenstadt', 'Südstadt', 'Poppenreuth', 'Ronhof', 'Stadeln', 'Vach', 'Burgfarrnbach', 'Dambach',
    'Unterfarrnbach', 'Sack', 'Atzenhof', 'Mannhof', 'Herboldshof', 'Hardhöhe', 'Oberfürberg', 'Unterfürberg',
  ],
  Ulm: [
    'Mitte', 'Oststadt', 'Weststadt', 'Söflingen', 'Böfingen', 'Eselsberg', 'Wiblingen', 'Lehr', 'Jungingen',
    'Mähringen', 'Ermingen', 'Eggingen', 'Einsingen', 'Unterweiler', 'Donaustetten', 'Gögglingen', 'Grimmelfingen',
    'Kuhberg',
  ],
  Heilbronn: [
    'Böckingen', 'Sontheim', 'Neckargartach', 'Frankenbach', 'Kirchhausen', 'Biberach', 'Horkheim', 'Klingenberg',
    'Innenstadt',
  ],
  Pforzheim: [
    'Brötzingen', 'Dillweißenstein', 'Würm', 'Hohenwart', 'Büchenbronn', 'Huchenfeld', 'Eutingen', 'Weststadt',
    'Nordstadt', 'Südweststadt', 'Oststadt', 'Südoststadt', 'Innenstadt', 'Haidach', 'Buckenberg', 'Sonnenhof',
    'Arlinger',
  ],
  Wolfsburg: [
    'Fallersleben', 'Vorsfelde', 'Detmerode', 'Westhagen', 'Ehmen', 'Mörse', 'Hattorf', 'Heiligendorf', 'Neuhaus',
    'Reislingen', 'Brackstedt', 'Velstove', 'Warmenau', 'Kästorf', 'Sandkamp', 'Sülfeld', 'Hehlingen', 'Almke',
    'Barnstorf', 'Nordsteimke', 'Hellwinkel', 'Steimker Berg', 'Hohenstein', 'Eichelkamp', 'Laagberg',
    'Rabenberg', 'Tiergartenbreite', 'Klieversberg', 'Köhlerberg', 'Wohltberg', 'Schillerteich', 'Stadtmitte',
    'Alt-Wolfsburg', 'Teichbreite', 'Rothenfelde', 'Wendschott', 'Kreuzheide',
  ],
  Göttingen: [
    'Weende', 'Geismar', 'Grone', 'Holtensen', 'Nikolausberg', 'Herberhausen', 'Elliehausen', 'Esebeck',
    'Groß Ellershausen', 'Hetjershausen', 'Knutbühren', 'Roringen', 'Deppoldshausen', 'Innenstadt',
  ],
  Recklinghausen: [
    'Altstadt', 'Hochlarmark', 'Suderwich', 'Speckhorn', 'Essel', 'Stuckenbusch', 'Hillen', 'Hochlar', 'Grullbad',
    'König-Ludwig', 'Hillerheide', 'Paulusviertel', 'Berghausen',
    'Röllinghausen', 'Bockholt',
  ],
  Bottrop: [
    'Altstadt', 'Batenbrock', 'Boy', 'Eigen', 'Fuhlenbrock', 'Grafenwald', 'Kirchhellen', 'Feldhausen', 'Ebel',
    'Welheim', 'Vonderort', 'Lehmkuhle', 'Stadtmitte', 'Welheimer Mark',
  ],
  Koblenz: [
    'Altstadt', 'Lützel', 'Metternich', 'Güls', 'Rübenach', 'Bubenheim', 'Wallersheim', 'Neuendorf',
    'Ehrenbreitstein', 'Pfaffendorf', 'Horchheim', 'Arzheim', 'Arenberg', 'Immendorf', 'Niederberg', 'Asterstein',
    'Karthause', 'Moselweiß', 'Lay', 'Stolzenfels', 'Goldgrube', 'Rauental', 'Oberwerth', 'Kesselheim',
  ],
  Bremerhaven: [
    'Mitte', 'Geestemünde', 'Lehe', 'Leherheide', 'Weddewarden', 'Schiffdorferdamm', 'Surheide', 'Wulsdorf',
    'Fischereihafen',
  ],
  Reutlingen: [
    'Betzingen', 'Orschel-Hagen', 'Rommelsbach', 'Sondelfingen', 'Degerschlacht', 'Sickenhausen', 'Altenburg',
    'Oferdingen', 'Mittelstadt', 'Reicheneck', 'Gönningen', 'Bronnweiler', 'Ohmenhausen',
  ],
  Erlangen: [
    'Innenstadt', 'Bruck', 'Büchenbach', 'Eltersdorf', 'Frauenaurach', 'Hüttendorf', 'Kosbach', 'Tennenlohe',
    'Dechsendorf', 'Alterlangen', 'Sieglitzhof', 'Kriegenbrunn', 'Anger', 'Röthelheim',
  ],
  Jena: [
    'Zentrum', 'Lobeda', 'Winzerla', 'Göschwitz', 'Wenigenjena', 'Ammerbach', 'Burgau', 'Lichtenhain', 'Zwätzen',
    'Löbstedt', 'Kunitz', 'Drackendorf', 'Ilmnitz', 'Isserstedt', 'Maua', 'Leutra', 'Cospeda', 'Closewitz',
    'Lützeroda', 'Krippendorf', 'Wöllnitz',
  ],
  Remscheid: [
    'Alt-Remscheid', 'Lennep', 'Lüttringhausen', 'Hasten', 'Vieringhausen', 'Reinshagen', 'Honsberg', 'Kremenholl',
    'Bliedinghausen', 'Hasenberg', 'Bergisch Born',
  ],
  Trier: [
    'Ehrang', 'Quint', 'Pfalzel', 'Biewer', 'Ruwer', 'Eitelsbach', 'Kürenz', 'Tarforst', 'Filsch', 'Irsch',
    'Kernscheid', 'Olewig', 'Heiligkreuz', 'Mariahof', 'Feyen', 'Weismark', 'Euren', 'Zewen', 'Pallien',
    'Gartenfeld', 'Trier-West',
  ],
  Moers: [
    'Asberg', 'Hochstraß', 'Kapellen', 'Meerbeck', 'Repelen', 'Schwafheim', 'Vinn', 'Hülsdonk', 'Scherpenberg',
    'Eick', 'Utfort', 'Genend', 'Rheinkamp',
  ],
  Siegen: [
    'Weidenau', 'Geisweid', 'Eiserfeld', 'Kaan-Marienborn', 'Niederschelden', 'Achenbach', 'Bürbach', 'Dillnhütten',
    'Seelbach', 'Trupbach', 'Gosenbach', 'Oberschelden', 'Langenholdinghausen', 'Fischbacherberg', 'Wenscht',
    'Birlenbach', 'Volnsberg', 'Sohlbach', 'Buchen', 'Feuersbach', 'Meiswinkel', 'Obersetzen', 'Niedersetzen',
  ],
  'Bergisch Gladbach': [
    'Bensberg', 'Refrath', 'Paffrath', 'Schildgen', 'Gronau', 'Heidkamp', 'Moitzfeld', 'Herkenrath', 'Katterbach',
    'Hebborn', 'Frankenforst', 'Lückerath', 'Romaney', 'Kippekausen', 'Stadtmitte',
  ],
  Salzgitter: [
    'Lebenstedt', 'Thiede', 'Gebhardshagen', 'Salder', 'Lichtenberg', 'Fredenberg', 'Hallendorf', 'Watenstedt',
    'Beddingen', 'Steterburg', 'Ringelheim', 'Ohlendorf', 'Engerode', 'Calbecht', 'Osterlinde', 'Bruchmachtersen',
    'Lesse', 'Reppner', 'Engelnstedt', 'Barum', 'Heerte', 'Immendorf', 'Üfingen', 'Sauingen', 'Drütte',
    'Bleckenstedt', 'Beinum', 'Flachstöckheim', 'Groß Mahner', 'Hohenrode', 'Gitter',
  ],
  Hildesheim: [
    'Moritzberg', 'Drispenstedt', 'Ochtersum', 'Himmelsthür', 'Sorsum', 'Neuhof', 'Marienburger Höhe', 'Itzum',
    'Marienrode', 'Achtum-Uppen', 'Einum', 'Bavenstedt', 'Galgenberg',
  ],
  Witten: ['Annen', 'Bommern', 'Heven', 'Herbede', 'Rüdinghausen', 'Stockum', 'Mitte', 'Vormholz', 'Kämpen', 'Durchholz', 'Buchholz', 'Hammertal'],
  Cottbus: [
    'Mitte', 'Sandow', 'Spremberger Vorstadt', 'Ströbitz', 'Schmellwitz', 'Sachsendorf', 'Madlow', 'Sielow',
    'Saspow', 'Merzdorf', 'Dissenchen', 'Branitz', 'Kahren', 'Kiekebusch', 'Gallinchen', 'Groß Gaglow', 'Skadow',
    'Döbbrick', 'Willmersdorf',
  ],
};

/**
 * Austria's Statutarstädte whose city sections GeoNames lacks (Salzburg and Linz had none, so
 * their statistic had no subregions): their Stadtteile as the cities name them, placed the
 * same way (a GeoNames section, else the city's stops named "<City> <Quarter>", as
 * db-hafas-stations names Austrian stops: "Salzburg Gnigl", "Linz/Donau Ebelsberg",
 * "Linz-Pichling"); a name without a position is left out. Vienna's Bezirke are in build.ts
 * (VIENNA_BEZIRKE); Graz, Innsbruck, Klagenfurt and the others have theirs in GeoNames.
 */
export const QUARTERS_AT: Record<string, readonly string[]> = {
  Salzburg: [
    'Altstadt', 'Nonntal', 'Mülln', 'Maxglan', 'Riedenburg', 'Lehen', 'Liefering', 'Itzling', 'Elisabeth-Vorstadt',
    'Schallmoos', 'Gnigl', 'Langwied', 'Kasern', 'Sam', 'Aigen', 'Parsch', 'Gneis', 'Morzg', 'Leopoldskron-Moos',
    'Herrnau', 'Taxham', 'Aiglhof',
  ],
  Linz: [
    'Urfahr', 'Pöstlingberg', 'St. Magdalena', 'Dornach', 'Auhof', 'Katzbach', 'Franckviertel', 'Froschberg',
    'Bindermichl', 'Keferfeld', 'Spallerhof', 'Neue Heimat', 'Kleinmünchen', 'Auwiesen', 'Ebelsberg', 'Pichling',
    'Wegscheid', 'Bulgariplatz', 'Neustadt', 'Waldegg',
  ],
};
