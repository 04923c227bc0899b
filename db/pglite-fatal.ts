import type { PGlite } from "@electric-sql/pglite";
import { DatabaseStoppedError, isFatalDatabaseError } from "./fatal";

type Method = (...args: never[]) => Promise<unknown>;

/**
 * Stops `client` at its first fatal error: `onFatal` runs once, at once (before PGlite sends the
 * engine another message), and every later statement fails with DatabaseStoppedError instead of
 * spinning in the dead engine. Every statement, in or out of a transaction, goes through
 * execProtocolRaw; errors surface from execProtocol and execProtocolStream.
 */
export function stopAtFatalError(client: PGlite, onFatal: (error: unknown) => void): void {
  let failure: unknown;
  const guard = <M extends Method>(name: "execProtocol" | "execProtocolStream" | "execProtocolRaw") => {
    const original = (client[name] as unknown as M).bind(client);
    const guarded = async (...args: Parameters<M>) => {
      if (failure !== undefined) throw new DatabaseStoppedError(failure);
      try {
        return await original(...args);
      } catch (error) {
        if (failure === undefined && isFatalDatabaseError(error)) {
          failure = error;
          onFatal(error);
        }
        throw error;
      }
    };
    Object.defineProperty(client, name, { value: guarded, configurable: true, writable: true });
  };
  guard("execProtocolRaw");
  guard("execProtocol");
  guard("execProtocolStream");
}
