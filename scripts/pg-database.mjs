// Small helper of the test script: node pg-database.mjs ping URL | create URL NAME | drop URL NAME
import pg from 'pg';

const [command, url, name] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
const quoted = (identifier) => `"${String(identifier).replaceAll('"', '""')}"`;
try {
  await client.connect();
  if (command === 'create') {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted(name)}`);
  } else if (command === 'drop') {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  } else if (command !== 'ping') {
    throw new Error(`unknown command ${command}`);
  }
} catch (error) {
  if (command !== 'ping') console.error(`pg-database ${command}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => undefined);
}
