import { ensureMigratedDataFolder } from '../../server/support/embeddedDump';

/** Before the browser tests: the migrated database folder their backends start with (startCockpit.ts). */
export default async function browserGlobalSetup(): Promise<void> {
  await ensureMigratedDataFolder();
}
