import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A Kysely dialect over embedded PGlite. PGlite is one connection, so the
 * driver hands it out to one holder at a time: a transaction keeps it until
 * commit or rollback and other queries wait their turn, exactly as they
 * would for the last connection of a pool.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** A statement parsed once under a name: its parameters' types, for serialising the values. */
interface Prepared {
  name: string;
  paramTypes: number[];
}

/** A statement that only reads (Kysely writes its keywords in lower case). */
const READ = /^\s*(select|with)\b/i;

/** How many named statements are kept; the least recently used one is closed past this. */
const PREPARED_MAX = 200;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

/**
 * PGlite's own `query()` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into
 * the WASM backend and parses and plans the statement every time. A read with parameters here is
 * parsed once as a named statement (PostgreSQL then keeps its plan, generic once it is as good as
 * the custom ones) and each run sends Bind, Describe, Execute and Sync in one call: the campaign
 * list's page query spent about 3 ms of its 5 in planning (docs/query-plans.md).
 */
class PGliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, Prepared>();
  private next = 0;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const params = query.parameters as unknown[];
    // Reads only: writes (an insert of n rows is a statement of its own for each n) would push the
    // list's and the runtime's reads out of the kept statements.
    const result =
      params.length > 0 && READ.test(query.sql)
        ? await this.runPrepared<R>(query.sql, params)
        : await this.pglite.query<R>(query.sql, params);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  private async runPrepared<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    try {
      return await this.runNamed<R>(sql, params);
    } catch (error) {
      // A table changed under a kept statement (a migration): parse it again, once.
      if ((error as { code?: string }).code !== '0A000' || !this.prepared.has(sql)) throw error;
      this.prepared.delete(sql);
      return this.runNamed<R>(sql, params);
    }
  }

  private async runNamed<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> {
    const pg = this.pglite;
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const statement = await this.statement(sql);
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serialize = pg.serializers[statement.paramTypes[i]!];
          return serialize ? serialize(v) : String(v);
        });
        const { messages } = await pg.execProtocol(
          concat([
            protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        return parse.parseResults(messages, pg.parsers)[0] as unknown as { rows: R[]; affectedRows?: number };
      }),
    );
  }

  /** The named statement of `sql`, parsed on first use (the most recently used kept last). */
  private async statement(sql: string): Promise<Prepared> {
    const known = this.prepared.get(sql);
    if (known) {
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    const name = `lead_${++this.next}`;
    const { messages } = await this.pglite.execProtocol(
      concat([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(sql, prepared);
    if (this.prepared.size > PREPARED_MAX) {
      const [oldestSql, oldest] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldestSql);
      await this.pglite.execProtocol(
        concat([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]),
        { syncToFs: false },
      );
    }
    return prepared;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {}
}
