import { describe, expect, it } from 'vitest';
import { describeSeconds, MediaStalledError } from '../../../../worker/media/stall-watch.ts';

describe('the reason a stalled media job gives', () => {
  it('reads the stall setting in minutes when it is whole minutes, else in seconds', () => {
    expect(new MediaStalledError(120).message).toBe('No progress for 2 minutes');
    expect(describeSeconds(60)).toBe('1 minute');
    expect(describeSeconds(90)).toBe('90 seconds');
    expect(describeSeconds(1)).toBe('1 second');
  });
});
