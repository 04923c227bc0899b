// npm run bot:owner-signature -- add <domain> --signature … --signature-input … --signature-agent …
//                                 list | remove <domain>
// Registers the Web Bot Auth values a merchant generated for their own store in Shopify's admin
// (lib/bot-auth/owner-signatures.ts); the crawler sends them to that domain until they expire.
// The values are never printed back.
import { parseArgs } from "node:util";
import { closeDatabase } from "@/db";
import { listOwnerSignatures, registerOwnerSignature, removeOwnerSignature } from "@/lib/bot-auth/owner-signatures";
import { ApiError } from "@/lib/http/errors";

const USAGE = `usage:
  npm run bot:owner-signature -- add <domain> --signature '<value>' --signature-input '<value>' --signature-agent '<value>'
  npm run bot:owner-signature -- list
  npm run bot:owner-signature -- remove <domain>
`;

const line = (row: { domain: string; expires_at: string; expired: boolean; registered_by: string }) =>
  `${row.domain}\texpires ${row.expires_at}${row.expired ? " (EXPIRED)" : ""}\tregistered by ${row.registered_by}\n`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      signature: { type: "string" },
      "signature-input": { type: "string" },
      "signature-agent": { type: "string" },
    },
  });
  const [command, domain] = positionals;
  if (command === "list" && positionals.length === 1) {
    const rows = await listOwnerSignatures();
    if (rows.length === 0) process.stdout.write("no owner signatures registered\n");
    for (const row of rows) process.stdout.write(line(row));

    return 0;
  }
  if (command === "add" && domain && positionals.length === 2) {
    const saved = await registerOwnerSignature(
      {
        domain,
        signature: values.signature,
        signature_input: values["signature-input"],
        signature_agent: values["signature-agent"],
      },
      "cli",
    );
    process.stdout.write(`registered ${line(saved)}`);

    return 0;
  }
  if (command === "remove" && domain && positionals.length === 2) {
    const removed = await removeOwnerSignature(domain);
    process.stdout.write(`removed ${removed.domain}\n`);

    return 0;
  }
  process.stderr.write(USAGE);

  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof ApiError || error instanceof TypeError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
