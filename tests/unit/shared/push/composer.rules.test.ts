import { describe, expect, it } from 'vitest';
import { composerFieldErrors, composerLengthErrors } from '../../../../shared/push/composer.rules.ts';

describe('composerLengthErrors', () => {
  it('flags a title over 100 characters and a body over 255, naming the field', () => {
    expect(composerLengthErrors('x'.repeat(101), 'y'.repeat(256))).toEqual({
      title: 'The title can be at most 100 characters long',
      body: 'The message can be at most 255 characters long',
    });
  });

  it('lets a title of exactly 100 and a body of exactly 255 through, and says nothing of empty fields', () => {
    expect(composerLengthErrors('x'.repeat(100), 'y'.repeat(255))).toEqual({});
    expect(composerLengthErrors('', '')).toEqual({});
  });
});

describe('composerFieldErrors', () => {
  it('asks for a title and a message when they are blank', () => {
    expect(composerFieldErrors('  ', '')).toEqual({ title: 'Please provide a title', body: 'Please provide a message' });
  });

  it('names a too-long title even when the message is fine', () => {
    expect(composerFieldErrors('x'.repeat(120), 'Hello')).toEqual({ title: 'The title can be at most 100 characters long' });
  });
});
