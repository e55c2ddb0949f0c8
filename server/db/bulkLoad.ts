import type { Queryable } from './Database';

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Runs a bulk load into `table` the way the PostgreSQL manual advises for populating a database:
 * its foreign keys and secondary indexes are dropped for the load and restored afterwards, since
 * checking and building them once over all rows is many times faster than row by row. Call it inside
 * a transaction, so that a failure leaves the table as it was; other sessions wait meanwhile.
 */
export async function bulkLoad<T>(tx: Queryable, table: string, load: () => Promise<T>): Promise<T> {
  await tx.exec("SET LOCAL work_mem = '64MB'; SET LOCAL maintenance_work_mem = '256MB'");
  const foreignKeys = await tx.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = $1::regclass AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [table],
  );
  for (const key of foreignKeys) {
    await tx.exec(`ALTER TABLE ${quoteIdentifier(table)} DROP CONSTRAINT ${quoteIdentifier(key.name)}`);
  }
  for (const index of indexes) {
    await tx.exec(`DROP INDEX ${quoteIdentifier(index.name)}`);
  }
  const result = await load();
  for (const index of indexes) {
    await tx.exec(index.definition);
  }
  for (const key of foreignKeys) {
    await tx.exec(`ALTER TABLE ${quoteIdentifier(table)} ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}`);
  }
  return result;
}
