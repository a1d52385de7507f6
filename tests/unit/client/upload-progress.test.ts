// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { uploadProgressLabel } from '../../../client/src/lib/upload-progress.ts';

describe('uploadProgressLabel', () => {
  it('counts up in whole percent until 95 %', () => {
    expect(uploadProgressLabel(0)).toBe('Uploading 0%');
    expect(uploadProgressLabel(42.7)).toBe('Uploading 42%');
    expect(uploadProgressLabel(95)).toBe('Uploading 95%');
  });

  it('says Processing... above 95 %, while the server works on the file', () => {
    expect(uploadProgressLabel(95.01)).toBe('Processing...');
    expect(uploadProgressLabel(100)).toBe('Processing...');
  });

  it('keeps odd values in range', () => {
    expect(uploadProgressLabel(-5)).toBe('Uploading 0%');
    expect(uploadProgressLabel(Number.NaN)).toBe('Uploading 0%');
    expect(uploadProgressLabel(250)).toBe('Processing...');
  });
});
