import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createContainer } from '../container.js';
import { toE164 } from '../lib/phone.js';
import { randomToken } from '../lib/tokens.js';

const USAGE = `Usage: npm run admin -- --phone +998901234567 [--password <at least 8 characters>]
       npm run admin -- --phone +998901234567 --reset-second-factor
`;

/**
 * `npm run admin -- --phone +998901234567 [--password secret]`: creates or resets an administrator.
 * `--reset-second-factor`: removes the administrator's TOTP app, passkeys and recovery codes and ends their
 * sessions (the way back in for one who lost them); the password stays as it is.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      password: { type: 'string' },
      'reset-second-factor': { type: 'boolean' },
    },
  });
  if (!values.phone || (values['reset-second-factor'] && values.password !== undefined)) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  const container = await createContainer(loadConfig());
  try {
    if (values['reset-second-factor']) {
      const phone = toE164(values.phone);
      const user = phone ? await container.repos.users.findByPhone(phone) : undefined;
      if (user?.role !== 'admin') throw new Error(`No administrator has the number ${values.phone}`);
      await container.services.secondFactors.resetAccount(user.user_id);
      await container.services.auth.endOtherSessions(user.user_id);
      process.stdout.write(
        `Removed the second factors of administrator ${user.phone_number}: they sign in with their password alone, and may add new ones\n`,
      );
      return;
    }
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
