/**
 * The material demo orders are made of, one profile per tenant: stations with their licence plate
 * codes and telephone prefixes, people, vehicles, services with durations and prices, notes.
 * Weights repeat an entry, so that common things come up more often.
 */
export type OrderProfileName = 'german' | 'british';

export interface Station {
  name: string;
  /** German: the district code (`HH`); British: the region letter of the memory tag (`L`). */
  plateCode: string;
  /** The telephone number of a customer is this prefix followed by `phoneDigits` digits. */
  phonePrefix: string;
}

export interface Service {
  name: string;
  weight: number;
  /** Duration from `minHours` to `maxHours` in steps of `stepHours`. */
  minHours: number;
  maxHours: number;
  stepHours: number;
  /** Price in cents: base plus hourly rate times hours, varied by -15 % … +15 %. */
  baseCents: number;
  hourlyCents: number;
}

export interface OrderProfile {
  plateStyle: 'german' | 'british';
  currency: string;
  /** Opening hours (7 to 18 o'clock) are local time of this zone. */
  timeZone: string;
  emailDomain: string;
  phoneDigits: number;
  stations: readonly Station[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** `make|model|world manufacturer identifier` (the first three characters of the VIN). */
  vehicles: readonly string[];
  services: readonly Service[];
  /** Most orders have no notes: the empty string is weighted accordingly. */
  notes: readonly { text: string; weight: number }[];
}

const german: OrderProfile = {
  plateStyle: 'german',
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  emailDomain: 'kundenpost.example',
  phoneDigits: 7,
  stations: [
    { name: 'Hamburg-Altona', plateCode: 'HH', phonePrefix: '+49 40 ' },
    { name: 'Hamburg-Wandsbek', plateCode: 'HH', phonePrefix: '+49 40 ' },
    { name: 'Kiel', plateCode: 'KI', phonePrefix: '+49 431 ' },
    { name: 'Lübeck', plateCode: 'HL', phonePrefix: '+49 451 ' },
    { name: 'Bremen', plateCode: 'HB', phonePrefix: '+49 421 ' },
    { name: 'Hannover', plateCode: 'H', phonePrefix: '+49 511 ' },
    { name: 'Rostock', plateCode: 'HRO', phonePrefix: '+49 381 ' },
    { name: 'Schwerin', plateCode: 'SN', phonePrefix: '+49 385 ' },
    { name: 'Flensburg', plateCode: 'FL', phonePrefix: '+49 461 ' },
  ],
  firstNames: [
    'Anna', 'Lena', 'Sophie', 'Marie', 'Laura', 'Julia', 'Katharina', 'Sabine', 'Petra', 'Claudia', 'Ute', 'Jana',
    'Hannah', 'Emma', 'Frauke', 'Wiebke', 'Inke', 'Lukas', 'Jonas', 'Leon', 'Finn', 'Paul', 'Felix', 'Maximilian',
    'Thomas', 'Michael', 'Stefan', 'Andreas', 'Jürgen', 'Klaus', 'Henrik', 'Ole', 'Jan', 'Tim', 'Niklas', 'Sören', 'Malte',
  ],
  lastNames: [
    'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch',
    'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Braun', 'Hansen', 'Petersen', 'Jensen', 'Carstens',
    'Thomsen', 'Jürgensen', 'Lorenz', 'Krüger', 'Hartmann', 'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler', 'Möller',
  ],
  vehicles: [
    'Volkswagen|Golf|WVW', 'Volkswagen|Passat Variant|WVW', 'Volkswagen|ID.4|WVG', 'Volkswagen|T-Roc|WVG',
    'Volkswagen|Transporter T6.1|WV1', 'BMW|320d Touring|WBA', 'BMW|X3 xDrive20d|WBA', 'BMW|iX1|WBA',
    'Mercedes-Benz|C 200|W1K', 'Mercedes-Benz|E 220 d|W1K', 'Mercedes-Benz|Vito Tourer|W1V', 'Audi|A4 Avant|WAU',
    'Audi|Q5|WAU', 'Opel|Astra|W0V', 'Opel|Corsa|W0V', 'Škoda|Octavia Combi|TMB', 'Škoda|Enyaq|TMB', 'Ford|Focus|WF0',
    'Seat|Leon|VSS', 'Cupra|Formentor|VSS', 'Toyota|Corolla|SB1', 'Hyundai|Tucson|TMA', 'Tesla|Model Y|XP7',
  ],
  services: [
    { name: 'Inspektion', weight: 6, minHours: 2, maxHours: 6, stepHours: 1, baseCents: 18900, hourlyCents: 2500 },
    { name: 'Ölwechsel', weight: 3, minHours: 1, maxHours: 2, stepHours: 1, baseCents: 8900, hourlyCents: 1500 },
    { name: 'Reifenwechsel', weight: 6, minHours: 1, maxHours: 2, stepHours: 1, baseCents: 4900, hourlyCents: 2000 },
    { name: 'Hauptuntersuchung (HU/AU)', weight: 3, minHours: 1, maxHours: 2, stepHours: 1, baseCents: 14900, hourlyCents: 0 },
    { name: 'Bremsen-Service', weight: 2, minHours: 2, maxHours: 5, stepHours: 1, baseCents: 9900, hourlyCents: 9500 },
    { name: 'Klimaservice', weight: 2, minHours: 1, maxHours: 3, stepHours: 1, baseCents: 7900, hourlyCents: 3000 },
    { name: 'Unfallinstandsetzung', weight: 1, minHours: 24, maxHours: 120, stepHours: 24, baseCents: 45000, hourlyCents: 1500 },
    { name: 'Glasreparatur', weight: 1, minHours: 1, maxHours: 4, stepHours: 1, baseCents: 12900, hourlyCents: 4000 },
    { name: 'Fahrzeugaufbereitung', weight: 2, minHours: 3, maxHours: 8, stepHours: 1, baseCents: 9900, hourlyCents: 2500 },
    { name: 'Mietwagen', weight: 4, minHours: 24, maxHours: 336, stepHours: 24, baseCents: 2900, hourlyCents: 250 },
    { name: 'Ersatzwagen', weight: 2, minHours: 24, maxHours: 120, stepHours: 24, baseCents: 0, hourlyCents: 160 },
  ],
  notes: [
    { text: '', weight: 30 },
    { text: 'Kunde wartet vor Ort.', weight: 2 },
    { text: 'Ersatzwagen gewünscht.', weight: 2 },
    { text: 'Schlüssel wird im Schlüsselkasten abgegeben.', weight: 2 },
    { text: 'Bitte vorher anrufen.', weight: 2 },
    { text: 'Winterreifen sind bei uns eingelagert.', weight: 1 },
    { text: 'Rechnung an die Firma.', weight: 1 },
    { text: 'Fahrzeug mit Anhängerkupplung.', weight: 1 },
  ],
};

const british: OrderProfile = {
  plateStyle: 'british',
  currency: 'EUR',
  timeZone: 'Europe/London',
  emailDomain: 'customers.example',
  phoneDigits: 3,
  stations: [
    { name: 'London Heathrow', plateCode: 'L', phonePrefix: '+44 7700 900' },
    { name: "London King's Cross", plateCode: 'L', phonePrefix: '+44 7700 900' },
    { name: 'Leeds', plateCode: 'Y', phonePrefix: '+44 7700 900' },
    { name: 'Manchester Airport', plateCode: 'M', phonePrefix: '+44 7700 900' },
    { name: 'Birmingham New Street', plateCode: 'B', phonePrefix: '+44 7700 900' },
    { name: 'Bristol Temple Meads', plateCode: 'W', phonePrefix: '+44 7700 900' },
    { name: 'Edinburgh Waverley', plateCode: 'S', phonePrefix: '+44 7700 900' },
    { name: 'Glasgow Central', plateCode: 'S', phonePrefix: '+44 7700 900' },
    { name: 'Cardiff', plateCode: 'C', phonePrefix: '+44 7700 900' },
  ],
  firstNames: [
    'Oliver', 'George', 'Harry', 'Jack', 'Charlie', 'Thomas', 'James', 'William', 'Alfie', 'Joshua', 'Callum', 'Rhys',
    'Liam', 'Mohammed', 'Amelia', 'Olivia', 'Isla', 'Emily', 'Ava', 'Jessica', 'Sophie', 'Grace', 'Ruby', 'Charlotte',
    'Priya', 'Aisha', 'Eilidh', 'Siobhan',
  ],
  lastNames: [
    'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson',
    'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Lewis',
    'Hughes', 'MacDonald', 'Campbell', 'Murphy', "O'Brien",
  ],
  vehicles: [
    'Ford|Fiesta|WF0', 'Ford|Puma|WF0', 'Ford|Transit Custom|WF0', 'Vauxhall|Corsa|W0V', 'Vauxhall|Astra|W0V',
    'Vauxhall|Vivaro|W0V', 'Nissan|Qashqai|SJN', 'Kia|Sportage|U5Y', 'Toyota|Yaris|VNK', 'Volkswagen|Polo|WVW',
    'BMW|1 Series|WBA', 'Mercedes-Benz|A-Class|W1K', 'MINI|Cooper|WMW', 'Tesla|Model 3|LRW', 'Jaguar|XE|SAJ',
    'Land Rover|Discovery Sport|SAL', 'Hyundai|i30|TMA', 'Skoda|Octavia|TMB',
  ],
  services: [
    { name: 'Car rental', weight: 10, minHours: 24, maxHours: 336, stepHours: 24, baseCents: 3500, hourlyCents: 230 },
    { name: 'Van rental', weight: 3, minHours: 4, maxHours: 72, stepHours: 4, baseCents: 4500, hourlyCents: 400 },
    { name: 'Long-term rental', weight: 1, minHours: 336, maxHours: 720, stepHours: 24, baseCents: 0, hourlyCents: 140 },
    { name: 'Inspection', weight: 3, minHours: 2, maxHours: 4, stepHours: 1, baseCents: 16900, hourlyCents: 2000 },
    { name: 'Tyre change', weight: 3, minHours: 1, maxHours: 2, stepHours: 1, baseCents: 5900, hourlyCents: 1800 },
    { name: 'MOT test', weight: 2, minHours: 1, maxHours: 2, stepHours: 1, baseCents: 6400, hourlyCents: 0 },
    { name: 'Valet', weight: 2, minHours: 2, maxHours: 4, stepHours: 1, baseCents: 4900, hourlyCents: 1500 },
    { name: 'Damage repair', weight: 1, minHours: 24, maxHours: 96, stepHours: 24, baseCents: 39000, hourlyCents: 1200 },
  ],
  notes: [
    { text: '', weight: 30 },
    { text: 'Customer will wait on site.', weight: 2 },
    { text: 'Child seat requested.', weight: 2 },
    { text: 'Key box drop-off.', weight: 2 },
    { text: 'Please call before arrival.', weight: 2 },
    { text: 'Invoice to company account.', weight: 1 },
    { text: 'Additional driver registered.', weight: 1 },
    { text: 'Return with a full tank.', weight: 1 },
  ],
};

export const ORDER_PROFILES: Record<OrderProfileName, OrderProfile> = { german, british };
