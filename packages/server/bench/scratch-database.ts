import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, else the local one) for one
 * bench run: its URL, and `drop` for the end of the run.
 */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: server });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}
