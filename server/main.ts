// config -> database -> migrate -> seed when empty -> listen
import cluster from 'node:cluster';
import { configFrom } from './config.js';
import { startServer } from './start.js';

const config = configFrom(process.env);
const { app, seeded, empty } = await startServer(config);
await app.listen({ port: config.port, host: config.host });
// Under server/cluster.ts the primary has said where the server runs; each worker only serves.
if (cluster.isPrimary) printBanner();

function printBanner(): void {
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`\n  ${config.academyName} is running at http://${shown}:${config.port}/`);
  console.log(`  Database: ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}${seeded ? ' (demo academy seeded)' : ''}`);
  if (empty) {
    console.log(`  The database is empty${config.production ? ' (production never seeds the demo academy)' : ''}: import your academy with \`npm run academy -- import <bundle>\`.\n`);
  } else if (!config.production) {
    console.log('  Demo sign-in: phone 01700000001, password student123 (01700000002 is in no batch)');
    console.log('  Demo teacher: /staff, username teacher@academy.test, password teacher-pass-2026\n');
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
