// The reference data of the public typology calls, as data. `generate-reference-data.mjs` turns it into the SQL
// migration `migrations/0002_reference_data.sql`; the api reads only the database. Edit here, regenerate, and add the
// change as a NEW migration once 0002 has been applied anywhere (an applied migration must never change).

/** ISO 3166-1 alpha-2: all 249 officially assigned codes. */
export const ISO_COUNTRY_CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW`
  .trim()
  .split(/\s+/);

/**
 * Codes outside ISO 3166-1 that the agency's travelers need. XK (Kosovo) is the user-assigned code that the European
 * Commission and most passport readers use; Kosovo has no ISO code yet.
 */
export const EXTRA_COUNTRY_CODES = ['XK'];

/** The 27 member states of the European Union: their residents cannot use tax-free. */
export const EU_MEMBER_CODES = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(
  ' ',
);

/**
 * Country names come from CLDR (Node's ICU, `Intl.DisplayNames`). CLDR's English uses '&' and 'St.' and a few
 * short forms that read oddly in a form; these replace them. Typographic apostrophes become plain ones everywhere.
 */
export const COUNTRY_NAME_OVERRIDES = {
  en: {
    BL: 'Saint Barthélemy',
    CD: 'Democratic Republic of the Congo',
    CG: 'Republic of the Congo',
    HK: 'Hong Kong',
    KN: 'Saint Kitts and Nevis',
    LC: 'Saint Lucia',
    MF: 'Saint Martin (French part)',
    MM: 'Myanmar',
    MO: 'Macao',
    PM: 'Saint Pierre and Miquelon',
    PS: 'Palestine',
    SH: 'Saint Helena, Ascension and Tristan da Cunha',
    SX: 'Sint Maarten (Dutch part)',
    UM: 'United States Minor Outlying Islands',
    VC: 'Saint Vincent and the Grenadines',
    VI: 'United States Virgin Islands',
  },
  it: {
    CD: 'Repubblica Democratica del Congo',
    CG: 'Repubblica del Congo',
    HK: 'Hong Kong',
    MF: 'Saint-Martin (parte francese)',
    MM: 'Myanmar',
    MO: 'Macao',
    PS: 'Palestina',
    SH: "Sant'Elena, Ascensione e Tristan da Cunha",
    SX: 'Sint Maarten (parte olandese)',
  },
};

/** [code, Italian, English]. Travel documents a non-EU traveler can identify with (docs/domain.md: passport or equivalent). */
export const DOCUMENT_TYPES = [
  ['PASSAPORTO', 'Passaporto', 'Passport'],
  ['PASSAPORTO_DIPLOMATICO', 'Passaporto diplomatico', 'Diplomatic passport'],
  ['PASSAPORTO_SERVIZIO', 'Passaporto di servizio', 'Service passport'],
  ['CARTA_IDENTITA', "Carta d'identità", 'Identity card'],
  ['DOCUMENTO_EQUIPOLLENTE', 'Altro documento equipollente al passaporto', 'Other document equivalent to a passport'],
];

/** [code, Italian, English]. The travel document of the visa request (step 2): what proves the departure. */
export const TICKET_TYPES = [
  ['CARTA_IMBARCO', "Carta d'imbarco", 'Boarding pass'],
  ['BIGLIETTO', 'Biglietto di viaggio', 'Travel ticket'],
  ['BIGLIETTO_ELETTRONICO', 'Biglietto elettronico', 'E-ticket'],
  ['PRENOTAZIONE', 'Conferma di prenotazione', 'Booking confirmation'],
];

/** [code, Italian, English]. Exactly the two codes of docs/domain.md: the browser's step-2 rules depend on them. */
export const TRANSPORT_TYPES = [
  ['AE', 'Aereo', 'Air'],
  ['MP', 'Mezzo privato', 'Private vehicle'],
];

/**
 * [code, country, Italian, English, residential]. Territories of member states outside the EU VAT area, as listed by
 * Council Directive 2006/112/EC art. 6 (paragraph 1: inside the customs union; paragraph 2: outside it too).
 */
export const FREE_ZONES = [
  ['IT-LIVIGNO', 'IT', 'Livigno', 'Livigno', true],
  ['IT-CAMPIONE', 'IT', "Campione d'Italia", "Campione d'Italia", true],
  ['IT-LAGO-LUGANO', 'IT', 'Acque nazionali del Lago di Lugano', 'Italian waters of Lake Lugano', false],
  ['ES-CANARIAS', 'ES', 'Isole Canarie', 'Canary Islands', true],
  ['ES-CEUTA', 'ES', 'Ceuta', 'Ceuta', true],
  ['ES-MELILLA', 'ES', 'Melilla', 'Melilla', true],
  ['FR-GUADELOUPE', 'FR', 'Guadalupa', 'Guadeloupe', true],
  ['FR-MARTINIQUE', 'FR', 'Martinica', 'Martinique', true],
  ['FR-GUYANE', 'FR', 'Guyana francese', 'French Guiana', true],
  ['FR-REUNION', 'FR', 'Riunione', 'Réunion', true],
  ['FR-MAYOTTE', 'FR', 'Mayotte', 'Mayotte', true],
  ['FR-SAINT-MARTIN', 'FR', 'Saint-Martin', 'Saint Martin', true],
  ['DE-HELGOLAND', 'DE', 'Helgoland', 'Heligoland', true],
  ['DE-BUSINGEN', 'DE', 'Büsingen am Hochrhein', 'Büsingen am Hochrhein', true],
  ['GR-ATHOS', 'GR', 'Monte Athos', 'Mount Athos', true],
  ['FI-ALAND', 'FI', 'Isole Åland', 'Åland Islands', true],
];

/**
 * [IATA, country, Italian, English]. Every Italian airport open to commercial traffic, and the main international
 * airports of the countries most travelers come from. Labels read "city + airport name".
 */
export const AIRPORTS = [
  // Italy
  ['FCO', 'IT', 'Roma Fiumicino Leonardo da Vinci', 'Rome Fiumicino Leonardo da Vinci'],
  ['CIA', 'IT', 'Roma Ciampino G. B. Pastine', 'Rome Ciampino G. B. Pastine'],
  ['MXP', 'IT', 'Milano Malpensa', 'Milan Malpensa'],
  ['LIN', 'IT', 'Milano Linate', 'Milan Linate'],
  ['BGY', 'IT', 'Bergamo Orio al Serio Il Caravaggio', 'Bergamo Orio al Serio Il Caravaggio'],
  ['VCE', 'IT', 'Venezia Marco Polo', 'Venice Marco Polo'],
  ['TSF', 'IT', 'Treviso Antonio Canova', 'Treviso Antonio Canova'],
  ['VRN', 'IT', 'Verona Villafranca Valerio Catullo', 'Verona Villafranca Valerio Catullo'],
  ['VBS', 'IT', "Brescia Montichiari Gabriele D'Annunzio", "Brescia Montichiari Gabriele D'Annunzio"],
  ['BZO', 'IT', 'Bolzano', 'Bolzano'],
  ['TRS', 'IT', 'Trieste Ronchi dei Legionari', 'Trieste Ronchi dei Legionari'],
  ['TRN', 'IT', 'Torino Caselle Sandro Pertini', 'Turin Caselle Sandro Pertini'],
  ['CUF', 'IT', 'Cuneo Levaldigi', 'Cuneo Levaldigi'],
  ['GOA', 'IT', 'Genova Cristoforo Colombo', 'Genoa Cristoforo Colombo'],
  ['BLQ', 'IT', 'Bologna Guglielmo Marconi', 'Bologna Guglielmo Marconi'],
  ['PMF', 'IT', 'Parma Giuseppe Verdi', 'Parma Giuseppe Verdi'],
  ['RMI', 'IT', 'Rimini Federico Fellini', 'Rimini Federico Fellini'],
  ['FRL', 'IT', 'Forlì Luigi Ridolfi', 'Forlì Luigi Ridolfi'],
  ['FLR', 'IT', 'Firenze Peretola Amerigo Vespucci', 'Florence Peretola Amerigo Vespucci'],
  ['PSA', 'IT', 'Pisa Galileo Galilei', 'Pisa Galileo Galilei'],
  ['EBA', 'IT', "Isola d'Elba Marina di Campo", 'Elba Island Marina di Campo'],
  ['AOI', 'IT', 'Ancona Falconara Raffaello Sanzio', 'Ancona Falconara Raffaello Sanzio'],
  ['PEG', 'IT', "Perugia San Francesco d'Assisi", "Perugia San Francesco d'Assisi"],
  ['PSR', 'IT', 'Pescara Abruzzo', 'Pescara Abruzzo'],
  ['NAP', 'IT', 'Napoli Capodichino', 'Naples Capodichino'],
  ['QSR', 'IT', "Salerno Costa d'Amalfi", "Salerno Costa d'Amalfi"],
  ['BRI', 'IT', 'Bari Karol Wojtyła', 'Bari Karol Wojtyła'],
  ['BDS', 'IT', 'Brindisi Papola Casale', 'Brindisi Papola Casale'],
  ['FOG', 'IT', 'Foggia Gino Lisa', 'Foggia Gino Lisa'],
  ['SUF', 'IT', 'Lamezia Terme', 'Lamezia Terme'],
  ['REG', 'IT', 'Reggio Calabria Tito Minniti', 'Reggio Calabria Tito Minniti'],
  ['CRV', 'IT', "Crotone Sant'Anna", "Crotone Sant'Anna"],
  ['PMO', 'IT', 'Palermo Falcone e Borsellino', 'Palermo Falcone e Borsellino'],
  ['CTA', 'IT', 'Catania Fontanarossa Vincenzo Bellini', 'Catania Fontanarossa Vincenzo Bellini'],
  ['TPS', 'IT', 'Trapani Birgi Vincenzo Florio', 'Trapani Birgi Vincenzo Florio'],
  ['CIY', 'IT', 'Comiso Pio La Torre', 'Comiso Pio La Torre'],
  ['LMP', 'IT', 'Lampedusa', 'Lampedusa'],
  ['PNL', 'IT', 'Pantelleria', 'Pantelleria'],
  ['CAG', 'IT', 'Cagliari Elmas Mario Mameli', 'Cagliari Elmas Mario Mameli'],
  ['OLB', 'IT', 'Olbia Costa Smeralda', 'Olbia Costa Smeralda'],
  ['AHO', 'IT', 'Alghero Fertilia Riviera del Corallo', 'Alghero Fertilia Riviera del Corallo'],

  // Europe outside the EU
  ['LHR', 'GB', 'Londra Heathrow', 'London Heathrow'],
  ['LGW', 'GB', 'Londra Gatwick', 'London Gatwick'],
  ['STN', 'GB', 'Londra Stansted', 'London Stansted'],
  ['LTN', 'GB', 'Londra Luton', 'London Luton'],
  ['LCY', 'GB', 'Londra City', 'London City'],
  ['MAN', 'GB', 'Manchester', 'Manchester'],
  ['BHX', 'GB', 'Birmingham', 'Birmingham'],
  ['BRS', 'GB', 'Bristol', 'Bristol'],
  ['EDI', 'GB', 'Edimburgo', 'Edinburgh'],
  ['GLA', 'GB', 'Glasgow', 'Glasgow'],
  ['ZRH', 'CH', 'Zurigo', 'Zurich'],
  ['GVA', 'CH', 'Ginevra', 'Geneva'],
  ['BRN', 'CH', 'Berna', 'Bern'],
  ['LUG', 'CH', 'Lugano', 'Lugano'],
  ['OSL', 'NO', 'Oslo Gardermoen', 'Oslo Gardermoen'],
  ['BGO', 'NO', 'Bergen Flesland', 'Bergen Flesland'],
  ['SVG', 'NO', 'Stavanger Sola', 'Stavanger Sola'],
  ['TRD', 'NO', 'Trondheim Værnes', 'Trondheim Værnes'],
  ['TOS', 'NO', 'Tromsø', 'Tromsø'],
  ['KEF', 'IS', 'Reykjavík Keflavík', 'Reykjavík Keflavík'],
  ['TIA', 'AL', 'Tirana Madre Teresa', 'Tirana Mother Teresa'],
  ['BEG', 'RS', 'Belgrado Nikola Tesla', 'Belgrade Nikola Tesla'],
  ['INI', 'RS', 'Niš Costantino il Grande', 'Niš Constantine the Great'],
  ['TGD', 'ME', 'Podgorica', 'Podgorica'],
  ['TIV', 'ME', 'Tivat', 'Tivat'],
  ['SKP', 'MK', 'Skopje', 'Skopje'],
  ['OHD', 'MK', 'Ocrida San Paolo Apostolo', 'Ohrid St. Paul the Apostle'],
  ['SJJ', 'BA', 'Sarajevo', 'Sarajevo'],
  ['BNX', 'BA', 'Banja Luka', 'Banja Luka'],
  ['TZL', 'BA', 'Tuzla', 'Tuzla'],
  ['KIV', 'MD', 'Chișinău', 'Chișinău'],
  ['KBP', 'UA', 'Kiev Boryspil', 'Kyiv Boryspil'],
  ['LWO', 'UA', 'Leopoli', 'Lviv'],
  ['ODS', 'UA', 'Odessa', 'Odesa'],
  ['MSQ', 'BY', 'Minsk', 'Minsk'],
  ['SVO', 'RU', 'Mosca Sheremetyevo', 'Moscow Sheremetyevo'],
  ['DME', 'RU', 'Mosca Domodedovo', 'Moscow Domodedovo'],
  ['VKO', 'RU', 'Mosca Vnukovo', 'Moscow Vnukovo'],
  ['LED', 'RU', 'San Pietroburgo Pulkovo', 'Saint Petersburg Pulkovo'],
  ['SVX', 'RU', 'Ekaterinburg Koltsovo', 'Yekaterinburg Koltsovo'],
  ['KZN', 'RU', 'Kazan', 'Kazan'],
  ['OVB', 'RU', 'Novosibirsk Tolmachevo', 'Novosibirsk Tolmachevo'],
  ['IST', 'TR', 'Istanbul', 'Istanbul'],
  ['SAW', 'TR', 'Istanbul Sabiha Gökçen', 'Istanbul Sabiha Gökçen'],
  ['ESB', 'TR', 'Ankara Esenboğa', 'Ankara Esenboğa'],
  ['ADB', 'TR', 'Smirne Adnan Menderes', 'Izmir Adnan Menderes'],
  ['AYT', 'TR', 'Antalya', 'Antalya'],
  ['DLM', 'TR', 'Dalaman', 'Dalaman'],
  ['BJV', 'TR', 'Bodrum Milas', 'Milas-Bodrum'],
  ['TBS', 'GE', 'Tbilisi Shota Rustaveli', 'Tbilisi Shota Rustaveli'],
  ['KUT', 'GE', 'Kutaisi David il Costruttore', 'Kutaisi David the Builder'],
  ['BUS', 'GE', 'Batumi', 'Batumi'],
  ['EVN', 'AM', 'Erevan Zvartnots', 'Yerevan Zvartnots'],
  ['GYD', 'AZ', 'Baku Heydar Aliyev', 'Baku Heydar Aliyev'],

  // Middle East
  ['TLV', 'IL', 'Tel Aviv Ben Gurion', 'Tel Aviv Ben Gurion'],
  ['ETM', 'IL', 'Eilat Ramon', 'Eilat Ramon'],
  ['AMM', 'JO', 'Amman Queen Alia', 'Amman Queen Alia'],
  ['BEY', 'LB', 'Beirut Rafic Hariri', 'Beirut Rafic Hariri'],
  ['DXB', 'AE', 'Dubai', 'Dubai'],
  ['DWC', 'AE', 'Dubai Al Maktoum', 'Dubai Al Maktoum'],
  ['AUH', 'AE', 'Abu Dhabi Zayed', 'Abu Dhabi Zayed'],
  ['SHJ', 'AE', 'Sharjah', 'Sharjah'],
  ['RKT', 'AE', 'Ras al-Khaima', 'Ras Al Khaimah'],
  ['RUH', 'SA', 'Riad Re Khalid', 'Riyadh King Khalid'],
  ['JED', 'SA', 'Gedda Re Abdulaziz', 'Jeddah King Abdulaziz'],
  ['DMM', 'SA', 'Dammam Re Fahd', 'Dammam King Fahd'],
  ['MED', 'SA', 'Medina Principe Mohammad bin Abdulaziz', 'Medina Prince Mohammad bin Abdulaziz'],
  ['DOH', 'QA', 'Doha Hamad', 'Doha Hamad'],
  ['KWI', 'KW', 'Kuwait', 'Kuwait'],
  ['BAH', 'BH', 'Bahrein', 'Bahrain'],
  ['MCT', 'OM', 'Mascate', 'Muscat'],
  ['IKA', 'IR', 'Teheran Imam Khomeini', 'Tehran Imam Khomeini'],
  ['BGW', 'IQ', 'Baghdad', 'Baghdad'],
  ['EBL', 'IQ', 'Erbil', 'Erbil'],

  // Africa
  ['CAI', 'EG', 'Il Cairo', 'Cairo'],
  ['HBE', 'EG', 'Alessandria Borg El Arab', 'Alexandria Borg El Arab'],
  ['HRG', 'EG', 'Hurghada', 'Hurghada'],
  ['SSH', 'EG', 'Sharm el-Sheikh', 'Sharm El Sheikh'],
  ['LXR', 'EG', 'Luxor', 'Luxor'],
  ['RMF', 'EG', 'Marsa Alam', 'Marsa Alam'],
  ['CMN', 'MA', 'Casablanca Mohammed V', 'Casablanca Mohammed V'],
  ['RAK', 'MA', 'Marrakech Menara', 'Marrakesh Menara'],
  ['AGA', 'MA', 'Agadir Al Massira', 'Agadir Al Massira'],
  ['TNG', 'MA', 'Tangeri Ibn Battuta', 'Tangier Ibn Battouta'],
  ['FEZ', 'MA', 'Fès-Saïss', 'Fes-Saïss'],
  ['RBA', 'MA', 'Rabat-Salé', 'Rabat-Salé'],
  ['TUN', 'TN', 'Tunisi-Cartagine', 'Tunis-Carthage'],
  ['DJE', 'TN', 'Djerba-Zarzis', 'Djerba-Zarzis'],
  ['MIR', 'TN', 'Monastir Habib Bourguiba', 'Monastir Habib Bourguiba'],
  ['NBE', 'TN', 'Enfidha-Hammamet', 'Enfidha-Hammamet'],
  ['ALG', 'DZ', 'Algeri Houari Boumediene', 'Algiers Houari Boumediene'],
  ['ORN', 'DZ', 'Orano Ahmed Ben Bella', 'Oran Ahmed Ben Bella'],
  ['ADD', 'ET', 'Addis Abeba Bole', 'Addis Ababa Bole'],
  ['NBO', 'KE', 'Nairobi Jomo Kenyatta', 'Nairobi Jomo Kenyatta'],
  ['MBA', 'KE', 'Mombasa Moi', 'Mombasa Moi'],
  ['DAR', 'TZ', 'Dar es Salaam Julius Nyerere', 'Dar es Salaam Julius Nyerere'],
  ['JRO', 'TZ', 'Kilimanjaro', 'Kilimanjaro'],
  ['ZNZ', 'TZ', 'Zanzibar Abeid Amani Karume', 'Zanzibar Abeid Amani Karume'],
  ['LOS', 'NG', 'Lagos Murtala Muhammed', 'Lagos Murtala Muhammed'],
  ['ABV', 'NG', 'Abuja Nnamdi Azikiwe', 'Abuja Nnamdi Azikiwe'],
  ['ACC', 'GH', 'Accra Kotoka', 'Accra Kotoka'],
  ['DSS', 'SN', 'Dakar Blaise Diagne', 'Dakar Blaise Diagne'],
  ['JNB', 'ZA', 'Johannesburg O. R. Tambo', 'Johannesburg O. R. Tambo'],
  ['CPT', 'ZA', 'Città del Capo', 'Cape Town'],
  ['DUR', 'ZA', 'Durban King Shaka', 'Durban King Shaka'],
  ['MRU', 'MU', 'Mauritius Sir Seewoosagur Ramgoolam', 'Mauritius Sir Seewoosagur Ramgoolam'],
  ['SEZ', 'SC', 'Seychelles Mahé', 'Seychelles Mahé'],

  // Asia
  ['PEK', 'CN', 'Pechino Capitale', 'Beijing Capital'],
  ['PKX', 'CN', 'Pechino Daxing', 'Beijing Daxing'],
  ['PVG', 'CN', 'Shanghai Pudong', 'Shanghai Pudong'],
  ['SHA', 'CN', 'Shanghai Hongqiao', 'Shanghai Hongqiao'],
  ['CAN', 'CN', 'Canton Baiyun', 'Guangzhou Baiyun'],
  ['SZX', 'CN', "Shenzhen Bao'an", "Shenzhen Bao'an"],
  ['CTU', 'CN', 'Chengdu Shuangliu', 'Chengdu Shuangliu'],
  ['TFU', 'CN', 'Chengdu Tianfu', 'Chengdu Tianfu'],
  ['CKG', 'CN', 'Chongqing Jiangbei', 'Chongqing Jiangbei'],
  ['HGH', 'CN', 'Hangzhou Xiaoshan', 'Hangzhou Xiaoshan'],
  ['XIY', 'CN', "Xi'an Xianyang", "Xi'an Xianyang"],
  ['HKG', 'HK', 'Hong Kong', 'Hong Kong'],
  ['MFM', 'MO', 'Macao', 'Macau'],
  ['TPE', 'TW', 'Taipei Taoyuan', 'Taipei Taoyuan'],
  ['TSA', 'TW', 'Taipei Songshan', 'Taipei Songshan'],
  ['KHH', 'TW', 'Kaohsiung', 'Kaohsiung'],
  ['HND', 'JP', 'Tokyo Haneda', 'Tokyo Haneda'],
  ['NRT', 'JP', 'Tokyo Narita', 'Tokyo Narita'],
  ['KIX', 'JP', 'Osaka Kansai', 'Osaka Kansai'],
  ['ITM', 'JP', 'Osaka Itami', 'Osaka Itami'],
  ['NGO', 'JP', 'Nagoya Chubu Centrair', 'Nagoya Chubu Centrair'],
  ['FUK', 'JP', 'Fukuoka', 'Fukuoka'],
  ['CTS', 'JP', 'Sapporo New Chitose', 'Sapporo New Chitose'],
  ['OKA', 'JP', 'Okinawa Naha', 'Okinawa Naha'],
  ['ICN', 'KR', 'Seul Incheon', 'Seoul Incheon'],
  ['GMP', 'KR', 'Seul Gimpo', 'Seoul Gimpo'],
  ['PUS', 'KR', 'Busan Gimhae', 'Busan Gimhae'],
  ['CJU', 'KR', 'Jeju', 'Jeju'],
  ['TAE', 'KR', 'Daegu', 'Daegu'],
  ['DEL', 'IN', 'Delhi Indira Gandhi', 'Delhi Indira Gandhi'],
  ['BOM', 'IN', 'Mumbai Chhatrapati Shivaji Maharaj', 'Mumbai Chhatrapati Shivaji Maharaj'],
  ['BLR', 'IN', 'Bangalore Kempegowda', 'Bengaluru Kempegowda'],
  ['MAA', 'IN', 'Chennai', 'Chennai'],
  ['HYD', 'IN', 'Hyderabad Rajiv Gandhi', 'Hyderabad Rajiv Gandhi'],
  ['CCU', 'IN', 'Calcutta Netaji Subhas Chandra Bose', 'Kolkata Netaji Subhas Chandra Bose'],
  ['COK', 'IN', 'Kochi', 'Kochi'],
  ['GOI', 'IN', 'Goa Dabolim', 'Goa Dabolim'],
  ['KHI', 'PK', 'Karachi Jinnah', 'Karachi Jinnah'],
  ['LHE', 'PK', 'Lahore Allama Iqbal', 'Lahore Allama Iqbal'],
  ['ISB', 'PK', 'Islamabad', 'Islamabad'],
  ['DAC', 'BD', 'Dacca Hazrat Shahjalal', 'Dhaka Hazrat Shahjalal'],
  ['CMB', 'LK', 'Colombo Bandaranaike', 'Colombo Bandaranaike'],
  ['MLE', 'MV', 'Malé Velana', 'Malé Velana'],
  ['KTM', 'NP', 'Kathmandu Tribhuvan', 'Kathmandu Tribhuvan'],
  ['ALA', 'KZ', 'Almaty', 'Almaty'],
  ['NQZ', 'KZ', 'Astana Nursultan Nazarbayev', 'Astana Nursultan Nazarbayev'],
  ['TAS', 'UZ', 'Tashkent Islam Karimov', 'Tashkent Islam Karimov'],
  ['SKD', 'UZ', 'Samarcanda', 'Samarkand'],
  ['BKK', 'TH', 'Bangkok Suvarnabhumi', 'Bangkok Suvarnabhumi'],
  ['DMK', 'TH', 'Bangkok Don Mueang', 'Bangkok Don Mueang'],
  ['HKT', 'TH', 'Phuket', 'Phuket'],
  ['CNX', 'TH', 'Chiang Mai', 'Chiang Mai'],
  ['USM', 'TH', 'Koh Samui', 'Koh Samui'],
  ['KBV', 'TH', 'Krabi', 'Krabi'],
  ['SIN', 'SG', 'Singapore Changi', 'Singapore Changi'],
  ['KUL', 'MY', 'Kuala Lumpur', 'Kuala Lumpur'],
  ['PEN', 'MY', 'Penang', 'Penang'],
  ['BKI', 'MY', 'Kota Kinabalu', 'Kota Kinabalu'],
  ['CGK', 'ID', 'Giacarta Soekarno-Hatta', 'Jakarta Soekarno-Hatta'],
  ['DPS', 'ID', 'Bali Ngurah Rai', 'Bali Ngurah Rai'],
  ['SUB', 'ID', 'Surabaya Juanda', 'Surabaya Juanda'],
  ['MNL', 'PH', 'Manila Ninoy Aquino', 'Manila Ninoy Aquino'],
  ['CEB', 'PH', 'Cebu Mactan', 'Mactan-Cebu'],
  ['SGN', 'VN', 'Ho Chi Minh Tan Son Nhat', 'Ho Chi Minh City Tan Son Nhat'],
  ['HAN', 'VN', 'Hanoi Noi Bai', 'Hanoi Noi Bai'],
  ['DAD', 'VN', 'Da Nang', 'Da Nang'],

  // Americas
  ['JFK', 'US', 'New York John F. Kennedy', 'New York John F. Kennedy'],
  ['EWR', 'US', 'Newark Liberty', 'Newark Liberty'],
  ['BOS', 'US', 'Boston Logan', 'Boston Logan'],
  ['PHL', 'US', 'Filadelfia', 'Philadelphia'],
  ['IAD', 'US', 'Washington Dulles', 'Washington Dulles'],
  ['ATL', 'US', 'Atlanta Hartsfield-Jackson', 'Atlanta Hartsfield-Jackson'],
  ['MIA', 'US', 'Miami', 'Miami'],
  ['MCO', 'US', 'Orlando', 'Orlando'],
  ['ORD', 'US', "Chicago O'Hare", "Chicago O'Hare"],
  ['DFW', 'US', 'Dallas/Fort Worth', 'Dallas/Fort Worth'],
  ['IAH', 'US', 'Houston George Bush Intercontinental', 'Houston George Bush Intercontinental'],
  ['LAS', 'US', 'Las Vegas Harry Reid', 'Las Vegas Harry Reid'],
  ['LAX', 'US', 'Los Angeles', 'Los Angeles'],
  ['SFO', 'US', 'San Francisco', 'San Francisco'],
  ['SEA', 'US', 'Seattle-Tacoma', 'Seattle-Tacoma'],
  ['YYZ', 'CA', 'Toronto Pearson', 'Toronto Pearson'],
  ['YUL', 'CA', 'Montréal-Trudeau', 'Montréal-Trudeau'],
  ['YOW', 'CA', 'Ottawa Macdonald-Cartier', 'Ottawa Macdonald-Cartier'],
  ['YHZ', 'CA', 'Halifax Stanfield', 'Halifax Stanfield'],
  ['YVR', 'CA', 'Vancouver', 'Vancouver'],
  ['YYC', 'CA', 'Calgary', 'Calgary'],
  ['YEG', 'CA', 'Edmonton', 'Edmonton'],
  ['MEX', 'MX', 'Città del Messico Benito Juárez', 'Mexico City Benito Juárez'],
  ['CUN', 'MX', 'Cancún', 'Cancún'],
  ['GDL', 'MX', 'Guadalajara Miguel Hidalgo y Costilla', 'Guadalajara Miguel Hidalgo y Costilla'],
  ['MTY', 'MX', 'Monterrey Mariano Escobedo', 'Monterrey Mariano Escobedo'],
  ['SJD', 'MX', 'Los Cabos', 'Los Cabos'],
  ['PVR', 'MX', 'Puerto Vallarta Gustavo Díaz Ordaz', 'Puerto Vallarta Gustavo Díaz Ordaz'],
  ['HAV', 'CU', "L'Avana José Martí", 'Havana José Martí'],
  ['SDQ', 'DO', 'Santo Domingo Las Américas', 'Santo Domingo Las Américas'],
  ['PUJ', 'DO', 'Punta Cana', 'Punta Cana'],
  ['BOG', 'CO', 'Bogotá El Dorado', 'Bogotá El Dorado'],
  ['MDE', 'CO', 'Medellín José María Córdova', 'Medellín José María Córdova'],
  ['CTG', 'CO', 'Cartagena Rafael Núñez', 'Cartagena Rafael Núñez'],
  ['CCS', 'VE', 'Caracas Simón Bolívar', 'Caracas Simón Bolívar'],
  ['UIO', 'EC', 'Quito Mariscal Sucre', 'Quito Mariscal Sucre'],
  ['GYE', 'EC', 'Guayaquil José Joaquín de Olmedo', 'Guayaquil José Joaquín de Olmedo'],
  ['LIM', 'PE', 'Lima Jorge Chávez', 'Lima Jorge Chávez'],
  ['SCL', 'CL', 'Santiago del Cile Arturo Merino Benítez', 'Santiago Arturo Merino Benítez'],
  ['GRU', 'BR', 'San Paolo Guarulhos', 'São Paulo Guarulhos'],
  ['GIG', 'BR', 'Rio de Janeiro Galeão', 'Rio de Janeiro Galeão'],
  ['BSB', 'BR', 'Brasilia Presidente Juscelino Kubitschek', 'Brasília Presidente Juscelino Kubitschek'],
  ['CNF', 'BR', 'Belo Horizonte Confins', 'Belo Horizonte Confins'],
  ['SSA', 'BR', 'Salvador', 'Salvador'],
  ['REC', 'BR', 'Recife Guararapes', 'Recife Guararapes'],
  ['FOR', 'BR', 'Fortaleza Pinto Martins', 'Fortaleza Pinto Martins'],
  ['POA', 'BR', 'Porto Alegre Salgado Filho', 'Porto Alegre Salgado Filho'],
  ['EZE', 'AR', 'Buenos Aires Ezeiza Ministro Pistarini', 'Buenos Aires Ezeiza Ministro Pistarini'],
  ['AEP', 'AR', 'Buenos Aires Aeroparque Jorge Newbery', 'Buenos Aires Aeroparque Jorge Newbery'],
  ['COR', 'AR', 'Córdoba Ingeniero Ambrosio Taravella', 'Córdoba Ingeniero Ambrosio Taravella'],
  ['MDZ', 'AR', 'Mendoza El Plumerillo', 'Mendoza El Plumerillo'],
  ['ROS', 'AR', 'Rosario Islas Malvinas', 'Rosario Islas Malvinas'],
  ['BRC', 'AR', 'San Carlos de Bariloche', 'San Carlos de Bariloche'],
  ['MVD', 'UY', 'Montevideo Carrasco', 'Montevideo Carrasco'],

  // Oceania
  ['SYD', 'AU', 'Sydney Kingsford Smith', 'Sydney Kingsford Smith'],
  ['MEL', 'AU', 'Melbourne Tullamarine', 'Melbourne Tullamarine'],
  ['BNE', 'AU', 'Brisbane', 'Brisbane'],
  ['PER', 'AU', 'Perth', 'Perth'],
  ['ADL', 'AU', 'Adelaide', 'Adelaide'],
  ['OOL', 'AU', 'Gold Coast', 'Gold Coast'],
  ['CBR', 'AU', 'Canberra', 'Canberra'],
  ['CNS', 'AU', 'Cairns', 'Cairns'],
  ['AKL', 'NZ', 'Auckland', 'Auckland'],
  ['WLG', 'NZ', 'Wellington', 'Wellington'],
  ['CHC', 'NZ', 'Christchurch', 'Christchurch'],
  ['ZQN', 'NZ', 'Queenstown', 'Queenstown'],
];
