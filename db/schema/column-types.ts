import { customType } from "drizzle-orm/pg-core";

/** Bytes as a Buffer, from node-postgres (a Buffer) and PGlite (a Uint8Array) alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
