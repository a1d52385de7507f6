import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config.ts';
import { DOCUMENT_NUMBER_MAX_LENGTH, documentNumber, financialYear } from '../../../shared/commerce/invoice.rules.ts';
import { configErrorLines } from '../../support/config-errors.ts';

describe('INVOICE_PREFIX and CREDIT_NOTE_PREFIX', () => {
  it('default to INV and CN, and every number they give fits in 16 characters', () => {
    const env = parseEnv({});
    expect([env.INVOICE_PREFIX, env.CREDIT_NOTE_PREFIX]).toEqual(['INV', 'CN']);
    expect(documentNumber(env.INVOICE_PREFIX, financialYear(new Date()), 999_999).length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
  });

  it('take up to 4 capital letters, digits or -', () => {
    expect(parseEnv({ INVOICE_PREFIX: 'LKA-', CREDIT_NOTE_PREFIX: 'LKCN' })).toMatchObject({ INVOICE_PREFIX: 'LKA-', CREDIT_NOTE_PREFIX: 'LKCN' });
  });

  it('refuse a longer prefix with a line that says why', () => {
    expect(configErrorLines(() => parseEnv({ INVOICE_PREFIX: 'INVOICE', CREDIT_NOTE_PREFIX: 'CREDIT' }))).toEqual([
      'INVOICE_PREFIX: must be 1 to 4 capital letters, digits or - (GST invoice numbers such as INV/2627/000001 have at most 16 characters) (got "INVOICE")',
      'CREDIT_NOTE_PREFIX: must be 1 to 4 capital letters, digits or - (GST invoice numbers such as INV/2627/000001 have at most 16 characters) (got "CREDIT")',
    ]);
    expect(configErrorLines(() => parseEnv({ INVOICE_PREFIX: 'in/v' }))).toHaveLength(1);
  });

  it('refuse one prefix for both series, whose numbers would collide', () => {
    expect(configErrorLines(() => parseEnv({ INVOICE_PREFIX: 'DOC', CREDIT_NOTE_PREFIX: 'DOC' }))).toEqual([
      'INVOICE_PREFIX and CREDIT_NOTE_PREFIX: must differ',
    ]);
  });
});
