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

/**
 * The statement that creates `count` orders of one tenant: a single `INSERT … SELECT … FROM
 * generate_series`, so that the database does the work. Every choice is a deterministic hash of the
 * row number (`hashint8`), picking from the profile's arrays. Order numbers count up per year in the
 * order of creation.
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

  const salt = p(options.salt, 'bigint');
  const now = p(new Date(Math.floor(options.now.getTime() / 60_000) * 60_000).toISOString(), 'timestamptz');
  const zone = p(profile.timeZone, 'text');
  const stations = p(profile.stations.map((s) => s.name), 'text[]');
  const plateCodes = p(profile.stations.map((s) => s.plateCode), 'text[]');
  const phonePrefixes = p(profile.stations.map((s) => s.phonePrefix), 'text[]');
  const firstNames = p(profile.firstNames, 'text[]');
  const lastNames = p(profile.lastNames, 'text[]');
  const vehicles = p(profile.vehicles, 'text[]');
  const serviceNames = p(services.map((s) => s.name), 'text[]');
  const minHours = p(services.map((s) => s.minHours), 'int[]');
  const maxHours = p(services.map((s) => s.maxHours), 'int[]');
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
  const emailDomain = p(profile.emailDomain, 'text');
  const prefix = p(options.numberPrefix, 'text');
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
    ? `(${plateCodes})[si] || '-' || ${letter('h10', 0)} || CASE WHEN h10 % 3 > 0 THEN ${letter('h10', 5)} ELSE '' END
         || ' ' || (1 + (h10 >> 10) % 9999)::text || CASE WHEN h10 % 40 = 0 THEN 'E' ELSE '' END`
    : `(${plateCodes})[si] || ${letter('h10', 0)} || (${ageIdentifiers})[1 + ((h10 >> 5) % 14)::int] || ' '
         || ${letter('h10', 9)} || ${letter('h10', 14)} || ${letter('h10', 19)}`;
  const emailName = (name: string) =>
    `regexp_replace(replace(replace(replace(replace(lower(${name}), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'), '[^a-z0-9]', '', 'g')`;

  // Each step ends in OFFSET 0, which keeps PostgreSQL from inlining it into the next one:
  // inlined, every use of a derived column would compute it again (eight times for begin_at).
  const sql = `
    WITH draws AS (
      SELECT g, ${Array.from({ length: 12 }, (_, i) => `${draw(i + 1)} AS h${i + 1}`).join(', ')}
      FROM generate_series(1, ${count}) AS g OFFSET 0
    ),
    picked AS (
      SELECT d.*,
        1 + (h1 % cardinality(${stations}))::int AS si,
        1 + (h2 % cardinality(${serviceNames}))::int AS vi,
        (${firstNames})[1 + (h6 % cardinality(${firstNames}))::int] AS first_name,
        (${lastNames})[1 + ((h6 >> 8) % cardinality(${lastNames}))::int] AS last_name,
        (${vehicles})[1 + (h9 % cardinality(${vehicles}))::int] AS vehicle,
        ((date_trunc('day', ${now} AT TIME ZONE ${zone}) + ((h3 % 121) - 60) * interval '1 day'
          + (7 + h4 % 11) * interval '1 hour' + ((h4 >> 8) % 4) * interval '15 minutes') AT TIME ZONE ${zone}) AS begin_at
      FROM draws d OFFSET 0
    ),
    timed AS (
      SELECT p.*,
        (${minHours})[vi] + (h5 % (((${maxHours})[vi] - (${minHours})[vi]) / (${stepHours})[vi] + 1))::int * (${stepHours})[vi] AS hours
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
          WHEN d.end_at < ${now} THEN CASE WHEN h7 % 100 < 7 THEN 'cancelled' ELSE 'completed' END
          WHEN d.begin_at <= ${now} THEN CASE WHEN h7 % 100 < 2 THEN 'cancelled' ELSE 'in_progress' END
          WHEN d.begin_at < ${now} + interval '3 days' THEN
            CASE WHEN h7 % 100 < 4 THEN 'cancelled' WHEN h7 % 100 < 20 THEN 'new' ELSE 'confirmed' END
          ELSE CASE WHEN h7 % 100 < 4 THEN 'cancelled' WHEN h7 % 100 < 55 THEN 'new' ELSE 'confirmed' END
        END AS status,
        md5(${tenantId}::text || ':' || d.g::text) AS r
      FROM dated d OFFSET 0
    )
    INSERT INTO orders (
      id, tenant_id, number, status, begin_at, end_at, station, service,
      customer_name, customer_email, customer_phone, vehicle_plate, vehicle_make, vehicle_model, vehicle_vin,
      price_amount, price_currency, notes, created_at, updated_at, version
    )
    SELECT
      -- A time-ordered id (UUID version 7 layout: creation milliseconds, then pseudo-random bits), so that
      -- rows arrive in key order and the primary key index grows at its end.
      (lpad(to_hex((extract(epoch FROM s.created_at) * 1000)::bigint), 12, '0') || '7' || substr(s.r, 1, 3)
        || substr('89ab', 1 + (s.h12 % 4)::int, 1) || substr(s.r, 4, 15))::uuid,
      ${tenantId},
      ${prefix} || '-' || to_char(s.created_at AT TIME ZONE ${zone}, 'YYYY') || '-'
        || lpad(row_number() OVER (PARTITION BY to_char(s.created_at AT TIME ZONE ${zone}, 'YYYY') ORDER BY s.created_at, s.g)::text, ${digits}, '0'),
      s.status,
      s.begin_at,
      s.end_at,
      (${stations})[s.si],
      (${serviceNames})[s.vi],
      s.first_name || ' ' || s.last_name,
      ${emailName('s.first_name')} || '.' || ${emailName('s.last_name')}
        || CASE WHEN s.h11 % 4 = 0 THEN ((s.h11 >> 4) % 100)::text ELSE '' END || '@' || ${emailDomain},
      (${phonePrefixes})[s.si] || lpad((${phoneLowest} + (s.h11 >> 12) % ${phoneSpan})::text, ${phoneDigits}, '0'),
      ${plate},
      split_part(s.vehicle, '|', 1),
      split_part(s.vehicle, '|', 2),
      CASE WHEN s.h12 % 10 = 0 THEN NULL
        ELSE split_part(s.vehicle, '|', 3) || upper(substr(s.r, 19, 14)) END,
      ((${baseCents})[s.vi] + (${hourlyCents})[s.vi] * s.hours) * (85 + s.h12 % 31) / 1000 * 10,
      ${currency},
      (${noteTexts})[1 + ((s.h12 >> 8) % cardinality(${noteTexts}))::int],
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
