import { parseArgs } from 'node:util';
import { parseAnchor, verificationText, verifyAuditLog } from '../server/audit/audit-verify.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../server/runtime.ts';

const usage = `Checks the audit log's hash chain and names the first entry edited, removed or reordered.

  npm run audit:verify [-- --anchor <seq>:<hash>]

  --anchor  a seq and hash printed by an earlier run (kept outside the database): checks that entry
            still has that hash, which finds a rewrite of the whole log from that entry on.
Exits 0 when the log is intact, 1 when it is not, 2 when the arguments are wrong.`;

const { values } = parseArgs({ options: { anchor: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const anchor = values.anchor === undefined ? undefined : parseAnchor(values.anchor);
if (anchor === null) {
  console.error('--anchor must be <seq>:<hash>, e.g. 1234:<the 64 hex digits printed by an earlier run>');
  process.exit(2);
}

const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger(config, 'audit-verify'));
const result = await verifyAuditLog(runtime.db, { anchor }).finally(() => runtime.shutdown());
(result.intact ? console.log : console.error)(verificationText(result));
process.exit(result.intact ? 0 : 1);
