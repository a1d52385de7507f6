import { parseArgs } from 'node:util';
import { CONSOLE_ROLES } from '../shared/auth/roles.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { AppError } from '../server/errors.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../server/runtime.ts';
import { createOrPromoteUser, parseRoles } from '../server/users/users.service.ts';

const usage = `Creates a console user, or gives an existing user more roles.

  npm run admin:create -- --email ravi@example.com [--name "Ravi K"] [--roles admin] [--password secret] [--replace]

  --roles     comma-separated, from: ${CONSOLE_ROLES.join(', ')} (default admin)
  --password  at least 5 characters; when a new account gets none, one is generated and printed once
  --replace   set exactly these roles instead of adding them to the user's roles
Changing roles ends the user's sessions, so new rights apply from the next sign-in.`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    roles: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    replace: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values.email) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
if (values.password !== undefined && values.password.length < 5) {
  console.error('--password must be at least 5 characters');
  process.exit(1);
}

const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger(config, 'admin-create'));
try {
  await migrateToLatest(runtime.db, runtime.pool);
  const result = await createOrPromoteUser(runtime.db, {
    emailAddress: values.email,
    name: values.name,
    roles: parseRoles(values.roles),
    password: values.password,
    replaceRoles: values.replace,
  });
  const who = `${result.user.email_address} (roles: ${result.user.roles.join(', ')})`;
  console.log(result.created ? `Created ${who}` : `Updated ${who}`);
  if (result.generatedPassword) console.log(`Password: ${result.generatedPassword}  (shown once)`);
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await runtime.shutdown();
}
