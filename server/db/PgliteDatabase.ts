import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Database, DatabaseError, type Queryable, type SqlValue } from './Database';

interface WorkerReply {
  id: number;
  ok: boolean;
  rows?: object[];
  error?: { message: string; code?: string };
}

interface ReadyMessage {
  ready: boolean;
  error?: { message: string; code?: string };
}

interface Pending {
  resolve: (rows: object[]) => void;
  reject: (error: Error) => void;
  /** Settles with the statement, whether it succeeded or failed. */
  settled: Promise<unknown>;
}

const WORKER_FILE = path.join(__dirname, 'pgliteWorker.mjs');

/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a worker thread, kept in
 * `dataDir` or, without one, in memory. PGlite has a single session: the worker runs statements one
 * after the other, in the order they were sent, and a transaction holds the session until it ends
 * (statements sent meanwhile wait for its end).
 */
export class PgliteDatabase implements Database {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Settles when every transaction begun so far has ended. */
  private barrier: Promise<unknown> = Promise.resolve();
  /** Transactions begun (waiting or running) and not yet ended. */
  private transactions = 0;
  private closed = false;
  private exited = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.failAll(new DatabaseError(`database worker failed: ${error.message}`)));
    worker.on('exit', () => {
      this.exited = true;
      this.failAll(new DatabaseError('database worker stopped'));
    });
  }

  /**
   * Opens (and on first use creates) the database in `dataDir`, or in memory when it is undefined.
   * `from` names a file `dumpTo` wrote: a database in memory then starts as a copy of that one
   * (already created and migrated, which is much faster than creating one).
   */
  static async open(dataDir?: string, options: { from?: string } = {}): Promise<PgliteDatabase> {
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir: dataDir ?? null, from: options.from ?? null } });
    const ready = await new Promise<ReadyMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw new DatabaseError(`cannot open the embedded database: ${ready.error?.message ?? 'unknown error'}`);
    }
    return new PgliteDatabase(worker);
  }

  query<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.outsideTransactions(() => this.send<T>('query', sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.outsideTransactions(async () => {
      await this.send('exec', sql);
    });
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx: Queryable = {
      query: <R extends object>(sql: string, params: readonly SqlValue[] = []) => this.send<R>('query', sql, params),
      exec: async (sql: string) => {
        await this.send('exec', sql);
      },
    };
    this.transactions++;
    const run = this.barrier.then(async () => {
      await this.send('exec', 'BEGIN');
      try {
        const result = await work(tx);
        await this.send('exec', 'COMMIT');
        return result;
      } catch (error) {
        await this.send('exec', 'ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    this.barrier = run.then(
      () => this.transactions--,
      () => this.transactions--,
    );
    return run;
  }

  /** Writes the whole database to `file` (an uncompressed tar), for `open(undefined, { from: file })`. */
  async dumpTo(file: string): Promise<void> {
    await this.outsideTransactions(() => this.send('dump', file));
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    await this.barrier;
    await Promise.allSettled([...this.pending.values()].map((pending) => pending.settled));
    this.closed = true;
    if (this.exited) {
      return;
    }
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    await this.send('close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await this.worker.terminate();
  }

  /**
   * Runs `task` at once unless a transaction holds (or waits for) the session; then after it. The
   * worker runs statements one after the other in the order they are sent, so statements need not
   * wait for each other here: the worker starts the next while this thread handles the last answer.
   */
  private outsideTransactions<T>(task: () => Promise<T>): Promise<T> {
    if (this.transactions === 0) {
      return task();
    }
    return this.barrier.then(() => this.outsideTransactions(task));
  }

  private send<T extends object>(kind: 'query' | 'exec' | 'dump' | 'close', sql?: string, params?: readonly SqlValue[]): Promise<T[]> {
    if (this.exited || (this.closed && kind !== 'close')) {
      return Promise.reject(new DatabaseError('the database is closed'));
    }
    const id = this.nextId++;
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    return new Promise<T[]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (rows) => {
          settle();
          resolve(rows as T[]);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        settled,
      });
      this.worker.postMessage({ id, kind, sql, params });
    });
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) {
      return;
    }
    this.pending.delete(reply.id);
    if (reply.ok) {
      pending.resolve(reply.rows ?? []);
    } else {
      pending.reject(new DatabaseError(reply.error?.message ?? 'database error', reply.error?.code));
    }
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      pending.reject(error);
    }
    this.pending.clear();
  }
}
