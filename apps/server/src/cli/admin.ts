import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createContainer } from '../container.js';
import { randomToken } from '../lib/tokens.js';

/** `npm run admin -- --phone +998901234567 [--password secret]`: creates or resets an administrator. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { phone: { type: 'string' }, password: { type: 'string' } } });
  if (!values.phone) {
    process.stderr.write(
      'Usage: npm run admin -- --phone +998901234567 [--password <at least 8 characters>]\n',
    );
    process.exit(2);
  }
  const container = await createContainer(loadConfig());
  try {
    const password = values.password ?? randomToken(12);
    const result = await container.services.users.upsertAdmin(values.phone, password);
    await container.services.auth.endOtherSessions(
      (await container.repos.users.findByPhone(result.phone))!.user_id,
    );
    process.stdout.write(
      `${result.created ? 'Created' : 'Reset'} administrator ${result.phone}${values.password ? '' : ` with password ${password}`}\n`,
    );
  } finally {
    await container.database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
