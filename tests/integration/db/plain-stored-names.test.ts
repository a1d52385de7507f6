import { describe, expect, it } from 'vitest';
import * as plainStoredNames from '../../../migrations/202611280510_plain_stored_names.ts';
import { plainName, withoutControlCharacters } from '../../../shared/validation/plain-text.ts';
import { useDatabase } from '../../support/app-harness.ts';
import { createUser } from '../../support/test-app.ts';

const database = useDatabase();

describe('names stored before they were cleaned on input', () => {
  it('are made plain text as the input rule makes them, with the alerts that quote them; Malayalam and clean rows are untouched', async () => {
    const names = ['\u202eRavi\u0007 Kumar ', '\u2066Anu\u2069\u009b', 'അന്\u200dന \u200cമ', 'Plain Name', '\t\u202e'];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const user = await createUser(database.db, { email: `stored${index}@example.com`, name: 'x' });
      await database.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
      ids.push(user.id);
    }
    const messages = ['\u202eRavi commented on “Rivers”:\nline two\twith a tab', 'Plain alert'];
    await database.db
      .insertInto('admin_alerts')
      .values(messages.map((message) => ({ message })))
      .execute();

    await plainStoredNames.up(database.db);

    const stored = await database.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
    const byId = new Map(stored.map((row) => [row.id, row.name]));
    expect(ids.map((id) => byId.get(id))).toEqual(names.map(plainName));
    expect(ids.map((id) => byId.get(id))).toEqual(['Ravi Kumar', 'Anu', 'അന്\u200dന \u200cമ', 'Plain Name', '']);
    const alerts = await database.db.selectFrom('admin_alerts').select('message').execute();
    expect(alerts.map((row) => row.message).sort()).toEqual(messages.map(withoutControlCharacters).sort());
    expect(alerts.map((row) => row.message)).toContain('Ravi commented on “Rivers”:\nline two\twith a tab');
  });
});
