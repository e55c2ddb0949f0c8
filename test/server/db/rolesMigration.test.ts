import type { Database } from '../../../server/db/Database';
import { loadMigrations, migrate } from '../../../server/db/migrate';
import { openTestDatabase, TEST_ENGINE } from '../support/testEngine';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';

const ROLES_VERSION = 8;
const NORD = '11111111-1111-4111-8111-111111111111';
const FLEET = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

/** A data directory made before roles (migrations up to 007, users with colours of their own) that is then migrated. */
describe(`the roles migration on ${TEST_ENGINE}`, () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase({ migrated: false });
    await migrate(db, loadMigrations().filter((migration) => migration.version < ROLES_VERSION));
    await db.exec(`
      INSERT INTO tenants (id, name) VALUES
        ('${NORD}', 'Autohaus Nord'), ('${FLEET}', 'City Fleet Rentals'), ('${OTHER}', 'Werkstatt Süd');
      INSERT INTO users (id, tenant_id, email, name, password_hash, language, theme_color1, theme_color2, updated_at) VALUES
        (gen_random_uuid(), '${NORD}', 'disponent@autohaus-nord.example', 'Dana Brandt', 'hash-of-dana', 'de', '#111111', NULL, '2026-01-02T00:00:00Z'),
        (gen_random_uuid(), '${NORD}', 'kollege@autohaus-nord.example', 'Kai Kollege', 'hash-of-kai', 'de', '#222222', '#333333', '2026-01-01T00:00:00Z'),
        (gen_random_uuid(), '${FLEET}', 'Operator@CityFleet.example', 'Olivia Carter', 'hash-of-olivia', 'en', NULL, NULL, '2026-01-01T00:00:00Z'),
        (gen_random_uuid(), '${OTHER}', 'chef@werkstatt-sued.example', 'Susi Süd', 'hash-of-susi', 'de', NULL, NULL, '2026-01-01T00:00:00Z');
    `);
    expect(await migrate(db)).toEqual(loadMigrations().filter((migration) => migration.version >= ROLES_VERSION).map((migration) => migration.version));
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => db?.close());

  it('makes everyone who was there an operator, and adds the demo admin and viewer beside the demo operators, with their password and language', async () => {
    const users = await db.query<{ email: string; tenant_id: string; name: string; password_hash: string; language: string; role: string }>(
      'SELECT email, tenant_id, name, password_hash, language, role FROM users ORDER BY lower(email)',
    );
    expect(users).toEqual([
      { email: 'admin@autohaus-nord.example', tenant_id: NORD, name: 'Jonas Albrecht', password_hash: 'hash-of-dana', language: 'de', role: 'admin' },
      { email: 'chef@werkstatt-sued.example', tenant_id: OTHER, name: 'Susi Süd', password_hash: 'hash-of-susi', language: 'de', role: 'operator' },
      { email: 'disponent@autohaus-nord.example', tenant_id: NORD, name: 'Dana Brandt', password_hash: 'hash-of-dana', language: 'de', role: 'operator' },
      { email: 'kollege@autohaus-nord.example', tenant_id: NORD, name: 'Kai Kollege', password_hash: 'hash-of-kai', language: 'de', role: 'operator' },
      { email: 'Operator@CityFleet.example', tenant_id: FLEET, name: 'Olivia Carter', password_hash: 'hash-of-olivia', language: 'en', role: 'operator' },
      { email: 'viewer@cityfleet.example', tenant_id: FLEET, name: 'Victor Hayes', password_hash: 'hash-of-olivia', language: 'en', role: 'viewer' },
    ]);
  });

  it('gives each tenant the colours its most recently changed user had set', async () => {
    const tenants = await db.query('SELECT name, theme_color1, theme_color2, theme_color3 FROM tenants ORDER BY name');
    expect(tenants).toEqual([
      { name: 'Autohaus Nord', theme_color1: '#111111', theme_color2: null, theme_color3: null },
      { name: 'City Fleet Rentals', theme_color1: null, theme_color2: null, theme_color3: null },
      { name: 'Werkstatt Süd', theme_color1: null, theme_color2: null, theme_color3: null },
    ]);
    const columns = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name LIKE 'theme%'`);
    expect(columns).toEqual([]);
  });

  it('refuses a role that is none of the three', async () => {
    await expect(db.query(`UPDATE users SET role = 'owner' WHERE email = 'chef@werkstatt-sued.example'`)).rejects.toMatchObject({ code: '23514' });
  });
});
