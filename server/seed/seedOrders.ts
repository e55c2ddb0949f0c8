import type { Queryable, SqlValue } from '../db/Database';
import type { OrderProfile } from './orderProfiles';

export interface SeedOrdersOptions {
  tenantId: string;
  /** How many orders to create. */
  count: number;
  /** "Today": orders begin from 60 days before to 60 days after it; statuses follow from it. */
  now: Date;
  /** Prefix of the order numbers, as in `AN-2026-000123`. */
  numberPrefix: string;
  profile: OrderProfile;
  /** Varies the pseudo-random draws between tenants; the same salt gives the same orders. */
  salt: number;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const BRITISH_AGE_IDENTIFIERS = ['19', '69', '20', '70', '21', '71', '22', '72', '23', '73', '24', '74', '25', '75'];

function repeatByWeight<T>(items: readonly T[], weight: (item: T) => number): T[] {
  return items.flatMap((item) => Array.from({ length: Math.max(1, weight(item)) }, () => item));
}

/** A name as the local part of an e-mail address: lower case, umlauts spelt out, nothing but a-z and 0-9. */
export function emailName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The statement that creates `count` orders of one tenant: a single `INSERT … SELECT … FROM
 * generate_series`, so that the database does the work. Every choice is a deterministic hash of the
 * row number (`hashint8`), picking from the profile's arrays. Order numbers count up per year in the
 * order of creation.
 *
 * Written for speed (a million orders in well under a minute on the embedded database): whatever
 * depends on the profile alone (e-mail spellings, the opening time of each day, the start of the
 * year) is computed once, in JavaScript or in an uncorrelated sub-select, not once per row; each row
 * carries only numbers until the final projection builds its texts.
 */
export function seedOrdersStatement(options: SeedOrdersOptions): { sql: string; params: SqlValue[] } {
  const { profile } = options;
  const params: SqlValue[] = [];
  const p = (value: SqlValue, cast: string): string => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const services = repeatByWeight(profile.services, (service) => service.weight);
  const notes = repeatByWeight(profile.notes, (note) => note.weight).map((note) => note.text);
  // Sizes of the profile's arrays, inlined as numbers (they come from the code, never from a request).
  const stationCount = profile.stations.length;
  const serviceCount = services.length;
  const firstNameCount = profile.firstNames.length;
  const lastNameCount = profile.lastNames.length;
  const vehicleCount = profile.vehicles.length;
  const noteCount = notes.length;

  const salt = p(options.salt, 'bigint');
  const now = p(new Date(Math.floor(options.now.getTime() / 60_000) * 60_000).toISOString(), 'timestamptz');
  const zone = p(profile.timeZone, 'text');
  const stations = p(profile.stations.map((s) => s.name), 'text[]');
  const plateCodes = p(profile.stations.map((s) => s.plateCode), 'text[]');
  const phonePrefixes = p(profile.stations.map((s) => s.phonePrefix), 'text[]');
  const firstNames = p(profile.firstNames, 'text[]');
  const lastNames = p(profile.lastNames, 'text[]');
  const firstEmailNames = p(profile.firstNames.map(emailName), 'text[]');
  const lastEmailNames = p(profile.lastNames.map(emailName), 'text[]');
  const makes = p(profile.vehicles.map((v) => v.split('|')[0] ?? ''), 'text[]');
  const models = p(profile.vehicles.map((v) => v.split('|')[1] ?? ''), 'text[]');
  const manufacturers = p(profile.vehicles.map((v) => v.split('|')[2] ?? ''), 'text[]');
  const serviceNames = p(services.map((s) => s.name), 'text[]');
  const minHours = p(services.map((s) => s.minHours), 'int[]');
  const hourChoices = p(services.map((s) => Math.floor((s.maxHours - s.minHours) / s.stepHours) + 1), 'int[]');
  const stepHours = p(services.map((s) => s.stepHours), 'int[]');
  const baseCents = p(services.map((s) => s.baseCents), 'bigint[]');
  const hourlyCents = p(services.map((s) => s.hourlyCents), 'bigint[]');
  const noteTexts = p(notes, 'text[]');
  const letters = p(LETTERS, 'text');
  // German subscriber numbers do not start with 0; the British drama range 07700 900000-900999 may.
  const phoneMin = profile.plateStyle === 'german' ? 10 ** (profile.phoneDigits - 1) : 0;
  const phoneLowest = p(phoneMin, 'bigint');
  const phoneSpan = p(10 ** profile.phoneDigits - phoneMin, 'bigint');
  const phoneDigits = p(profile.phoneDigits, 'int');
  const emailDomain = p(`@${profile.emailDomain}`, 'text');
  const prefix = p(`${options.numberPrefix}-`, 'text');
  const currency = p(profile.currency, 'text');
  const tenantId = p(options.tenantId, 'uuid');
  const count = p(options.count, 'int');
  // Six digits, or as many as the count needs: lpad cuts longer numbers, which would repeat them.
  const digits = Math.max(6, String(options.count).length);

  /** The k-th pseudo-random draw of row g: an integer in 0 … 2^32 - 1. */
  const draw = (k: number) => `(hashint8(${salt} * 1000003 + g::bigint * 16 + ${k})::bigint + 2147483648)`;
  /** A letter picked by draw `h` shifted by `shift` positions. */
  const letter = (h: string, shift: number) => `substr(${letters}, 1 + ((${h} >> ${shift}) % 23)::int, 1)`;
  const german = profile.plateStyle === 'german';
  // Only parameters the statement uses may be sent: PostgreSQL cannot type the others.
  const ageIdentifiers = german ? '' : p(BRITISH_AGE_IDENTIFIERS, 'text[]');
  const plate = german
    ? `(${plateCodes})[s.si] || '-' || ${letter('s.h10', 0)} || CASE WHEN s.h10 % 3 > 0 THEN ${letter('s.h10', 5)} ELSE '' END
         || ' ' || (1 + (s.h10 >> 10) % 9999)::text || CASE WHEN s.h10 % 40 = 0 THEN 'E' ELSE '' END`
    : `(${plateCodes})[s.si] || ${letter('s.h10', 0)} || (${ageIdentifiers})[1 + ((s.h10 >> 5) % 14)::int] || ' '
         || ${letter('s.h10', 9)} || ${letter('s.h10', 14)} || ${letter('s.h10', 19)}`;
  /** `width` lower-case hex digits of the number `value`. */
  const hex = (value: string, width: number) => `lpad(to_hex(${value}), ${width}, '0')`;

  // Each step ends in OFFSET 0, which keeps PostgreSQL from inlining it into the next one:
  // inlined, every use of a derived column would compute it again.
  // The uncorrelated sub-selects (opening time of each of the 121 days, start of the year) run once.
  const sql = `
    WITH draws AS (
      SELECT g, ${Array.from({ length: 12 }, (_, i) => `${draw(i + 1)} AS h${i + 1}`).join(', ')}
      FROM generate_series(1, ${count}) AS g OFFSET 0
    ),
    picked AS (
      SELECT g, h6, h8, h9, h10, h11, h12,
        1 + (h1 % ${stationCount})::int AS si,
        1 + (h2 % ${serviceCount})::int AS vi,
        h7 % 100 AS luck,
        (ARRAY(SELECT (date_trunc('day', ${now} AT TIME ZONE ${zone}) + d * interval '1 day' + interval '7 hours') AT TIME ZONE ${zone}
                 FROM generate_series(-60, 60) AS d))[1 + (h3 % 121)::int]
          + (h4 % 11) * interval '1 hour' + ((h4 >> 8) % 4) * interval '15 minutes' AS begin_at,
        h5
      FROM draws OFFSET 0
    ),
    timed AS (
      SELECT p.*, (${minHours})[vi] + (h5 % (${hourChoices})[vi])::int * (${stepHours})[vi] AS hours
      FROM picked p OFFSET 0
    ),
    dated AS (
      SELECT t.*,
        t.begin_at + t.hours * interval '1 hour' AS end_at,
        least(t.begin_at - (1 + h8 % 45) * interval '1 day' - (h8 >> 8) % 600 * interval '1 minute',
              ${now} - (h8 >> 12) % 43200 * interval '1 minute') AS created_at
      FROM timed t OFFSET 0
    ),
    stated AS (
      SELECT d.*,
        CASE
          WHEN d.end_at < ${now} THEN CASE WHEN luck < 7 THEN 'cancelled' ELSE 'completed' END
          WHEN d.begin_at <= ${now} THEN CASE WHEN luck < 2 THEN 'cancelled' ELSE 'in_progress' END
          WHEN d.begin_at < ${now} + interval '3 days' THEN
            CASE WHEN luck < 4 THEN 'cancelled' WHEN luck < 20 THEN 'new' ELSE 'confirmed' END
          ELSE CASE WHEN luck < 4 THEN 'cancelled' WHEN luck < 55 THEN 'new' ELSE 'confirmed' END
        END AS status,
        CASE WHEN d.created_at >= (SELECT date_trunc('year', ${now} AT TIME ZONE ${zone}) AT TIME ZONE ${zone})
          THEN (SELECT extract(year FROM ${now} AT TIME ZONE ${zone})::int)
          ELSE (SELECT extract(year FROM ${now} AT TIME ZONE ${zone})::int - 1) END AS year
      FROM dated d OFFSET 0
    )
    INSERT INTO orders (
      id, tenant_id, number, status, begin_at, end_at, station, service,
      customer_name, customer_email, customer_phone, vehicle_plate, vehicle_make, vehicle_model, vehicle_vin,
      price_amount, price_currency, notes, created_at, updated_at, version
    )
    SELECT
      -- A time-ordered id (UUID version 7 layout: 48 bits of creation milliseconds, the version 7,
      -- 12 pseudo-random bits, the variant, the row number and 24 pseudo-random bits), built from two
      -- bigints: the high one's hex digits, then the low one's (negative, so always 16 digits).
      (lpad(to_hex(((date_part('epoch', s.created_at) * 1000)::bigint << 16) | 28672 | (s.h11 >> 20)), 16, '0')
        || to_hex((-9223372036854775807 - 1) | (s.g::bigint << 24) | (s.h12 & 16777215)))::uuid,
      ${tenantId},
      ${prefix} || s.year::text || '-'
        || lpad(row_number() OVER (PARTITION BY s.year ORDER BY s.created_at, s.g)::text, ${digits}, '0'),
      s.status,
      s.begin_at,
      s.end_at,
      (${stations})[s.si],
      (${serviceNames})[s.vi],
      (${firstNames})[1 + (s.h6 % ${firstNameCount})::int] || ' ' || (${lastNames})[1 + ((s.h6 >> 8) % ${lastNameCount})::int],
      (${firstEmailNames})[1 + (s.h6 % ${firstNameCount})::int] || '.' || (${lastEmailNames})[1 + ((s.h6 >> 8) % ${lastNameCount})::int]
        || CASE WHEN s.h11 % 4 = 0 THEN ((s.h11 >> 4) % 100)::text ELSE '' END || ${emailDomain},
      (${phonePrefixes})[s.si] || lpad((${phoneLowest} + (s.h11 >> 12) % ${phoneSpan})::text, ${phoneDigits}, '0'),
      ${plate},
      (${makes})[1 + (s.h9 % ${vehicleCount})::int],
      (${models})[1 + (s.h9 % ${vehicleCount})::int],
      CASE WHEN s.h12 % 10 = 0 THEN NULL
        ELSE (${manufacturers})[1 + (s.h9 % ${vehicleCount})::int]
          || upper(${hex('s.h9 >> 8', 6)} || ${hex('s.h10 # s.h11', 8)}) END,
      ((${baseCents})[s.vi] + (${hourlyCents})[s.vi] * s.hours) * (85 + s.h12 % 31) / 1000 * 10,
      ${currency},
      (${noteTexts})[1 + ((s.h12 >> 8) % ${noteCount})::int],
      s.created_at,
      greatest(s.created_at, least(${now}, CASE s.status
        WHEN 'completed' THEN s.end_at + (s.h8 >> 20) % 120 * interval '1 minute'
        WHEN 'in_progress' THEN s.begin_at + (s.h8 >> 20) % 30 * interval '1 minute'
        WHEN 'new' THEN s.created_at
        ELSE s.created_at + (s.h8 >> 20) % 72 * interval '1 hour' END)),
      CASE s.status WHEN 'new' THEN 1 WHEN 'confirmed' THEN 2 WHEN 'cancelled' THEN 2 WHEN 'in_progress' THEN 3 ELSE 4 END
    FROM stated s`;
  return { sql, params };
}

/** Creates `count` orders of one tenant (see `seedOrdersStatement`). */
export async function seedOrders(db: Queryable, options: SeedOrdersOptions): Promise<void> {
  const { sql, params } = seedOrdersStatement(options);
  await db.query(sql, params);
}
