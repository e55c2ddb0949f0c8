// Setup file of the jest project `server-postgres`: the backend tests run on PostgreSQL (see testEngine.ts).
process.env.COCKPIT_TEST_ENGINE = 'postgres';
