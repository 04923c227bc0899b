import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite, Transaction } from "@electric-sql/pglite";

type Statements = Pick<Transaction, "query" | "exec">;

type Statement = (...args: unknown[]) => Promise<unknown>;

/** `target` with query and exec that first let the event loop turn once. */
function withTurns<T extends Statements>(target: T): T {
  const afterATurn =
    (statement: Statement): Statement =>
    async (...args) => {
      await nextTurn();

      return statement(...args);
    };

  return Object.create(target, {
    query: { value: afterATurn(target.query.bind(target) as Statement) },
    exec: { value: afterATurn(target.exec.bind(target) as Statement) },
  }) as T;
}

/**
 * PGlite runs each statement on this thread, and its promises settle as microtasks: a run of
 * statements (a crawl slice's inserts, the count after them, the next step's reads) held the
 * event loop for their sum, over 600 ms in a 30,000-product job. One turn of the loop before
 * each statement, in or out of a transaction, lets timers and sockets in between as a socket
 * to PostgreSQL would; what is left is the longest single statement.
 */
export function yieldBeforeEachStatement(client: PGlite): PGlite {
  const turns = withTurns(client);
  const transaction = client.transaction.bind(client);

  return Object.create(turns, {
    transaction: { value: ((callback) => transaction((tx) => callback(withTurns(tx)))) as PGlite["transaction"] },
  }) as PGlite;
}
