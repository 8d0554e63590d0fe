import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

// `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const applied = await migrate(database);
  await database.close();
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
