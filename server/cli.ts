// Staff command line: `npm run academy -- import <bundle.json | folder>`.
import { configFrom } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { BundleError, importBundle, readBundle } from './db/seed/import.js';

const [command, location] = process.argv.slice(2);
if (command !== 'import' || !location) {
  console.error('Usage: npm run academy -- import <bundle.json | folder of .json files>');
  process.exit(2);
}

const config = configFrom(process.env);
const { db, dialect } = await connect(config.databaseUrl);
try {
  await migrate(db, dialect);
  const summary = await importBundle(db, readBundle(location), { now: new Date(), scryptCost: config.scryptCost });
  console.log('Imported:', Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', '));
} catch (error) {
  if (error instanceof BundleError) {
    console.error(error.message);
    console.error('Nothing was imported.');
  } else {
    console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
  }
  process.exitCode = 1;
} finally {
  await db.destroy();
}
