import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../../shared/validation/phone.rules.ts';
import { MAX_EMPTY_IMPORT_ROWS, MAX_IMPORT_ROWS, LAKSHYA_STUDENT_MESSAGES } from '../../../shared/lakshya-students/lakshya-students.rules.ts';
import { createUser } from '../../support/test-app.ts';
import { multipartBody } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

function upload(csv: string | Buffer, field = 'csv') {
  const body = multipartBody([{ fileName: 'students.csv', content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), field }]);
  return asAdmin('POST', '/api/admin/lakshya-students/upload', body.payload, body.headers);
}

const countAll = async () =>
  Number(
    (
      await harness.db
        .selectFrom('lakshya_students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('special students', () => {
  it('adds a student with the number kept as 10 digits, shows whether an account has it, edits and deletes', async () => {
    await createUser(harness.db, { email: 'registered@example.com', name: 'Anjali Menon', phone: '+91 98470 12345' });
    const created = await asAdmin('POST', '/api/admin/lakshya-students', {
      value: { name: 'Anjali', phoneNumber: '+91 98470-12345', expiryDate: '31/03/2027' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Anjali', phoneNumber: '9847012345', expiryDate: '2027-03-31', user: { name: 'Anjali Menon' } });
    const other = (await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Biju', phoneNumber: '9447011223' } })).json();
    expect(other).toMatchObject({ expiryDate: null, user: null });

    const edited = await asAdmin('PUT', `/api/admin/lakshya-students/${other._id}`, { value: { name: 'Biju K', phoneNumber: '09447011224', expiryDate: '' } });
    expect(edited.json()).toMatchObject({ name: 'Biju K', phoneNumber: '9447011224' });
    const taken = await asAdmin('PUT', `/api/admin/lakshya-students/${other._id}`, { value: { name: 'Biju K', phoneNumber: '9847012345' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      type: 'has-warnings',
      message: LAKSHYA_STUDENT_MESSAGES.processFailed,
      warnings: ['9847012345 is already on the list'],
    });

    const deleted = await asAdmin('DELETE', '/api/admin/lakshya-students', { value: [created.json()._id, other._id] });
    expect(deleted.json()).toEqual({ deleted: 2 });
    expect((await asAdmin('DELETE', '/api/admin/lakshya-students', { value: [] })).json().message).toBe(LAKSHYA_STUDENT_MESSAGES.nothingSelected);
  });

  it('refuses a missing name, a number that is not an Indian mobile, and a date that does not exist', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phoneNumber: '9847000001' }, LAKSHYA_STUDENT_MESSAGES.nameRequired, 'value.name'],
      [{ name: ' ', phoneNumber: '9847000001' }, LAKSHYA_STUDENT_MESSAGES.nameRequired, 'value.name'],
      [{ name: 'A', phoneNumber: '12345' }, PHONE_MESSAGE, 'value.phoneNumber'],
      [{ name: 'A', phoneNumber: '5847000001' }, PHONE_MESSAGE, 'value.phoneNumber'],
      [{ name: 'A', phoneNumber: '9847000001', expiryDate: '2027-02-30' }, LAKSHYA_STUDENT_MESSAGES.dateInvalid, 'value.expiryDate'],
      [{ name: 'A', phoneNumber: '9847000001', expiryDate: 'tomorrow' }, LAKSHYA_STUDENT_MESSAGES.dateInvalid, 'value.expiryDate'],
    ];
    for (const [value, message, field] of cases) {
      const answer = await asAdmin('POST', '/api/admin/lakshya-students', { value });
      expect(answer.statusCode, JSON.stringify(value)).toBe(400);
      expect(answer.json(), JSON.stringify(value)).toMatchObject({ message, field });
    }
  });

  it('pages and filters the list on the server', async () => {
    for (let i = 0; i < 5; i += 1)
      await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: `Pager ${i}`, phoneNumber: `97000000${String(i).padStart(2, '0')}` } });
    const page = (await asAdmin('GET', '/api/admin/lakshya-students?pageSize=2&name=pager')).json();
    expect(page).toMatchObject({ total: 5, pageSize: 2 });
    expect(page.students.map((student: { name: string }) => student.name)).toEqual(['Pager 4', 'Pager 3']);
    expect((await asAdmin('GET', '/api/admin/lakshya-students?phoneNumber=9700000003')).json().total).toBe(1);
    expect((await asAdmin('GET', '/api/admin/lakshya-students?name=pager&registered=yes')).json().total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/lakshya-students?pageSize=101')).statusCode).toBe(400);
  });
});

describe('names are plain text', () => {
  it('drops direction overrides and control characters from a name on add and edit, and refuses a name with nothing visible', async () => {
    const created = await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: '\u202eAnu\u0007 Mol\u2069\u009b', phoneNumber: '9847000501' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().name).toBe('Anu Mol');
    const edited = await asAdmin('PUT', `/api/admin/lakshya-students/${created.json()._id}`, {
      value: { name: '\u2066Anu\tMol\r\n\u202a', phoneNumber: '9847000501' },
    });
    expect(edited.json().name).toBe('AnuMol');
    // Malayalam keeps its joiners.
    expect(
      (await asAdmin('PUT', `/api/admin/lakshya-students/${created.json()._id}`, { value: { name: 'ന്\u200dന', phoneNumber: '9847000501' } })).json().name,
    ).toBe('ന്\u200dന');
    for (const name of ['\u200b', '\u200b\u200d', '\u202e', '\u0001\u0085 ']) {
      for (const answer of [
        await asAdmin('POST', '/api/admin/lakshya-students', { value: { name, phoneNumber: '9847000502' } }),
        await asAdmin('PUT', `/api/admin/lakshya-students/${created.json()._id}`, { value: { name, phoneNumber: '9847000501' } }),
      ]) {
        expect(answer.statusCode, JSON.stringify(name)).toBe(400);
        expect(answer.json()).toMatchObject({ message: LAKSHYA_STUDENT_MESSAGES.nameRequired, field: 'value.name' });
      }
    }
  });
});

describe('the CSV import', () => {
  it('lists every issue by row and column and imports nothing, then imports a good file whole', async () => {
    await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Already', phoneNumber: '9895000001' } });
    const before = await countAll();
    const bad = [
      'name,phoneNumber,expiryDate',
      'Good One,9895000100,2027-01-01',
      ',9895000101,',
      'Bad Phone,12345,',
      'Repeat,+91 98950 00100,',
      'Bad Date,9895000102,32/01/2027',
      'On List,9895000001,',
    ].join('\n');
    const answer = await upload(bad);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    expect(result.hasIssues).toBe(true);
    expect(result.issues).toEqual([
      { row: 3, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameRequired },
      { row: 4, column: 'phoneNumber', message: `${PHONE_MESSAGE} (found "12345")` },
      { row: 5, column: 'phoneNumber', message: LAKSHYA_STUDENT_MESSAGES.phoneRepeated('9895000100', 2) },
      { row: 6, column: 'expiryDate', message: LAKSHYA_STUDENT_MESSAGES.dateInvalid },
      { row: 7, column: 'phoneNumber', message: LAKSHYA_STUDENT_MESSAGES.phoneTaken('9895000001') },
    ]);
    expect(await countAll()).toBe(before);

    const good = '\uFEFFName;Phone Number;Expiry Date\r\nഅരുൺ;+91 98950 00200;31/12/2026\r\nMeera;9895000201;\r\n';
    const imported = (await upload(good)).json();
    expect(imported).toEqual({ hasIssues: false, issues: [], moreIssues: 0, imported: 2 });
    const rows = await harness.db
      .selectFrom('lakshya_students')
      .select(['name', 'phone_number', 'expiry_date'])
      .where('phone_number', 'in', ['9895000200', '9895000201'])
      .orderBy('phone_number')
      .execute();
    expect(rows).toEqual([
      { name: 'അരുൺ', phone_number: '9895000200', expiry_date: '2026-12-31' },
      { name: 'Meera', phone_number: '9895000201', expiry_date: null },
    ]);
  });

  it('refuses a file without the columns, an empty file, a wrong field, and more rows than allowed', async () => {
    expect((await upload('phone\n9895000300')).json().issues[0]).toMatchObject({ column: 'header', message: LAKSHYA_STUDENT_MESSAGES.headerMissing });
    expect((await upload('name,phoneNumber\n')).json().issues[0].message).toBe(LAKSHYA_STUDENT_MESSAGES.noRows);
    expect((await upload('name,phoneNumber\nA,9895000301', 'file')).json().message).toBe('Choose a CSV file (field csv)');
    const tooMany = ['name,phoneNumber', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `S${i},${6_000_000_000 + i}`)].join('\n');
    const refused = await upload(tooMany);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LAKSHYA_STUDENT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
  });

  it('drops control characters and direction overrides from names in the file, and counts a name with nothing visible as missing', async () => {
    const csv = 'name,phoneNumber\n\u202eRiya\u0001 S\u2069,9895000600\n\u200b\u200d,9895000601\n';
    expect((await upload(csv)).json().issues).toEqual([{ row: 3, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameRequired }]);
    expect((await upload('name,phoneNumber\n\u202eRiya\u0001 S\u2069,9895000600\n')).json()).toMatchObject({ hasIssues: false, imported: 1 });
    expect((await harness.db.selectFrom('lakshya_students').select('name').where('phone_number', '=', '9895000600').executeTakeFirstOrThrow()).name).toBe(
      'Riya S',
    );
  });

  it('reads UTF-16 with its byte-order mark, and refuses Windows-1252, Latin-1 and UTF-16 without its mark instead of importing garbled names', async () => {
    const text = 'name,phoneNumber\nഅരുൺ José,9895000700\n';
    const bigEndian = Buffer.from(text, 'utf16le').swap16();
    expect((await upload(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).json()).toMatchObject({ hasIssues: false, imported: 1 });
    expect((await upload(Buffer.concat([Buffer.from([0xfe, 0xff]), bigEndian]))).json().issues[0].message).toBe(
      LAKSHYA_STUDENT_MESSAGES.phoneTaken('9895000700'),
    );
    expect((await harness.db.selectFrom('lakshya_students').select('name').where('phone_number', '=', '9895000700').executeTakeFirstOrThrow()).name).toBe(
      'അരുൺ José',
    );

    const before = await countAll();
    const windows1252 = Buffer.from('name,phoneNumber\nJosé “Joe”,9895000701\n', 'latin1');
    windows1252[windows1252.indexOf(0x1c)] = 0x93; // the curly quotes as Windows-1252 writes them
    windows1252[windows1252.indexOf(0x1d)] = 0x94;
    for (const bytes of [
      Buffer.from('name,phoneNumber\nJosé,9895000701\n', 'latin1'),
      windows1252,
      Buffer.from('name,phoneNumber\nAsha,9895000702\n', 'utf16le'),
    ]) {
      const refused = await upload(bytes);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: LAKSHYA_STUDENT_MESSAGES.notText, field: 'csv' });
    }
    expect(await countAll()).toBe(before);
  });

  it('refuses a 15 MB file of empty lines at once', async () => {
    const cases = [
      Buffer.alloc(15 * 1024 * 1024, '\n'),
      Buffer.concat([Buffer.from('name,phoneNumber,expiryDate\r\n'), Buffer.alloc(15 * 1024 * 1024, ',,\r\n')]),
    ];
    for (const file of cases) {
      const started = Date.now();
      const refused = await upload(file);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: LAKSHYA_STUDENT_MESSAGES.tooManyEmptyRows(MAX_EMPTY_IMPORT_ROWS), field: 'csv' });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    // Empty rows up to the limit are skipped as before.
    const spaced = ['name,phoneNumber', ...Array.from({ length: MAX_EMPTY_IMPORT_ROWS }, () => ''), 'Spaced,9895000800', ''].join('\n');
    expect((await upload(spaced)).json()).toMatchObject({ hasIssues: false, imported: 1 });
  }, 90_000);

  it('imports 100,000 rows in one go', async () => {
    const before = await countAll();
    const csv = ['name,phoneNumber,expiryDate', ...Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `Student ${i},${7_000_000_000 + i},2030-01-01`)].join(
      '\n',
    );
    const result = (await upload(csv)).json();
    expect(result).toMatchObject({ hasIssues: false, imported: MAX_IMPORT_ROWS });
    expect(await countAll()).toBe(before + MAX_IMPORT_ROWS);
  }, 120_000);

  it('gives the sample file and is for administrators only', async () => {
    const sample = await asAdmin('GET', '/api/admin/lakshya-students/download/sample');
    expect(sample.headers['content-type']).toContain('text/csv');
    expect(sample.body).toContain('name,phoneNumber,expiryDate');
    for (const role of ['staff', 'marketing', 'manager'] as const) {
      await createUser(harness.db, { email: `students-${role}@example.com`, roles: [role] });
      const cookie = await harness.signIn(`students-${role}@example.com`);
      expect((await harness.injectWith(cookie)('GET', '/api/admin/lakshya-students')).statusCode).toBe(403);
    }
  });
});

describe('free to special students', () => {
  it('opens a lecture under a lakshya-students rate card to a listed student once they verify their number, until the expiry date, and to nobody else', async () => {
    const card = (
      await harness.db
        .insertInto('subscriptions')
        .values({ title: 'Lakshya free', is_free: true, free_mode: 'lakshya-students' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const lecture = (
      await harness.db
        .insertInto('lectures')
        .values({ title: 'Lakshya lecture', is_published: true, is_visible: true, master_subscription_id: card })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await createUser(harness.db, { email: 'lakshya@example.com', phone: '9847099001' });
    await createUser(harness.db, { email: 'outsider@example.com', phone: '9847099002' });
    const [listed, outsider] = [await harness.signIn('lakshya@example.com'), await harness.signIn('outsider@example.com')];
    const entry = (await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Listed', phoneNumber: '+91 98470 99001' } })).json();
    const play = (cookie: string) => harness.injectWith(cookie)('POST', `/api/student/lectures/${lecture}/playback`, {});
    // The number was only typed on the account (older accounts kept it unverified): no access yet.
    expect((await play(listed)).statusCode).toBe(403);
    expect((await harness.injectWith(listed)('POST', '/api/student/profile/phone', { phoneNumber: '9847099001' })).statusCode).toBe(200);
    const message = await harness.db.selectFrom('outbound_messages').select('body').where('recipient', '=', '+919847099001').executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(message.body ?? '')![1]!;
    expect((await harness.injectWith(listed)('POST', '/api/student/profile/phone/verify', { phoneNumber: '9847099001', code })).json()).toMatchObject({
      phoneVerified: true,
    });
    expect((await play(listed)).statusCode).toBe(200);
    expect((await play(outsider)).statusCode).toBe(403);
    await asAdmin('PUT', `/api/admin/lakshya-students/${entry._id}`, { value: { name: 'Listed', phoneNumber: '9847099001', expiryDate: '2020-01-01' } });
    expect((await play(listed)).statusCode).toBe(403);
  });
});
