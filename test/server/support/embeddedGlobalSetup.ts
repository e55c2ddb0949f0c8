import { ensureMigratedDump } from './embeddedDump';

/** Before the embedded backend tests: the migrated database their servers start from (embeddedDump.ts). */
export default async function embeddedGlobalSetup(): Promise<void> {
  await ensureMigratedDump();
}
