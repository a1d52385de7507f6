import { describe, expect, it } from 'vitest';
import {
  AUDIO_ONLY_RUNG,
  DATA_SAVER_MAX_HEIGHT,
  LADDER,
  isAudioOnly,
  planRenditions,
  chooseAudioRate,
  chooseLadder,
  durationInMinutes,
  posterSize,
  posterTimeSeconds,
  splitIntoPasses,
} from '../../../../shared/media/ladder.rules.ts';

const sizes = (ladder: ReturnType<typeof chooseLadder>) => ladder.map((rendition) => `${rendition.name} ${rendition.width}x${rendition.height}`);

describe('chooseLadder', () => {
  it('gives a 1080p source the whole ladder, 16:9 widths rounded to even numbers', () => {
    expect(sizes(chooseLadder({ width: 1920, height: 1080 }))).toEqual([
      '144p 256x144',
      '240p 426x240',
      '360p 640x360',
      '480p 854x480',
      '720p 1280x720',
      '1080p 1920x1080',
    ]);
  });

  it('stops at the source height and never upscales', () => {
    expect(sizes(chooseLadder({ width: 1280, height: 720 }))).toEqual(['144p 256x144', '240p 426x240', '360p 640x360', '480p 854x480', '720p 1280x720']);
    expect(sizes(chooseLadder({ width: 854, height: 480 }))).toEqual(['144p 256x144', '240p 426x240', '360p 640x360', '480p 854x480']);
    for (const source of [
      { width: 1000, height: 700 },
      { width: 3840, height: 2160 },
      { width: 300, height: 250 },
    ]) {
      for (const rendition of chooseLadder(source)) {
        expect(rendition.width).toBeLessThanOrEqual(source.width);
        expect(rendition.height).toBeLessThanOrEqual(source.height);
      }
    }
    expect(chooseLadder({ width: 3840, height: 2160 }).at(-1)?.name).toBe('1080p');
  });

  it('gives a source below 144 lines one rendition at its own size', () => {
    expect(sizes(chooseLadder({ width: 192, height: 108 }))).toEqual(['108p 192x108']);
    expect(chooseLadder({ width: 192, height: 108 })[0]).toMatchObject({ videoBitrate: LADDER[0]!.videoBitrate, audioBitrate: LADDER[0]!.audioBitrate });
  });

  it('gives a source between 144 and 240 lines 144p and one rendition at its own size, capped like 240p', () => {
    expect(sizes(chooseLadder({ width: 320, height: 180 }))).toEqual(['144p 256x144', '180p 320x180']);
    expect(sizes(chooseLadder({ width: 356, height: 200 }))).toEqual(['144p 256x144', '200p 356x200']);
    expect(chooseLadder({ width: 320, height: 180 })[1]).toMatchObject({ videoBitrate: LADDER[1]!.videoBitrate, audioBitrate: LADDER[1]!.audioBitrate });
    expect(sizes(chooseLadder({ width: 262, height: 148 }))).toEqual(['144p 254x144']);
  });

  it('starts the ladder with a 144p data saver rung of 160 kb/s picture and 48 kb/s sound', () => {
    expect(LADDER[0]).toEqual({ name: '144p', height: 144, videoBitrate: 160_000, audioBitrate: 48_000 });
    expect(DATA_SAVER_MAX_HEIGHT).toBe(240);
  });

  it('rounds odd sizes down to even numbers, as yuv420p needs', () => {
    expect(sizes(chooseLadder({ width: 201, height: 131 }))).toEqual(['130p 200x130']);
    expect(sizes(chooseLadder({ width: 853, height: 480 }))).toEqual(['144p 256x144', '240p 426x240', '360p 640x360', '480p 852x480']);
    for (const rendition of chooseLadder({ width: 1279, height: 719 })) {
      expect(rendition.width % 2).toBe(0);
      expect(rendition.height % 2).toBe(0);
    }
  });

  it('measures rungs on the short side, so a portrait phone video gets portrait renditions', () => {
    expect(sizes(chooseLadder({ width: 1080, height: 1920 }))).toEqual([
      '144p 144x256',
      '240p 240x426',
      '360p 360x640',
      '480p 480x854',
      '720p 720x1280',
      '1080p 1080x1920',
    ]);
  });

  it('keeps the rung of a source a few lines short of it, at the source size', () => {
    expect(sizes(chooseLadder({ width: 1280, height: 718 })).at(-1)).toBe('720p 1280x718');
    expect(sizes(chooseLadder({ width: 1920, height: 1072 })).at(-1)).toBe('1080p 1920x1072');
    expect(sizes(chooseLadder({ width: 1280, height: 600 })).at(-1)).toBe('480p 1024x480');
  });

  it('keeps square and 4:3 pictures in shape', () => {
    expect(sizes(chooseLadder({ width: 640, height: 480 }))).toEqual(['144p 192x144', '240p 320x240', '360p 480x360', '480p 640x480']);
    expect(sizes(chooseLadder({ width: 720, height: 720 }))).toEqual(['144p 144x144', '240p 240x240', '360p 360x360', '480p 480x480', '720p 720x720']);
  });

  it('refuses a size that is not a picture', () => {
    expect(() => chooseLadder({ width: 0, height: 0 })).toThrow(/picture size/);
    expect(() => chooseLadder({ width: Number.NaN, height: 720 })).toThrow(/picture size/);
  });
});

describe('splitIntoPasses', () => {
  it('encodes the data saver rungs, 360p and the audio first, the rest second', () => {
    const passes = splitIntoPasses(planRenditions({ width: 1920, height: 1080, hasAudio: true }));
    expect(passes.first.map((rendition) => rendition.name)).toEqual(['144p', '240p', '360p', 'audio']);
    expect(passes.second.map((rendition) => rendition.name)).toEqual(['480p', '720p', '1080p']);
  });

  it('leaves the second pass empty for small sources', () => {
    expect(splitIntoPasses(chooseLadder({ width: 640, height: 360 }))).toMatchObject({ second: [] });
    expect(splitIntoPasses(chooseLadder({ width: 426, height: 240 })).first.map((rendition) => rendition.name)).toEqual(['144p', '240p']);
    expect(splitIntoPasses(chooseLadder({ width: 320, height: 180 }))).toMatchObject({ first: [{ name: '144p' }, { name: '180p' }], second: [] });
  });

  it('puts the lowest rung first even without a 360p rung', () => {
    expect(splitIntoPasses(chooseLadder({ width: 500, height: 300 }))).toMatchObject({ first: [{ name: '144p' }, { name: '240p' }], second: [] });
  });
});

describe('planRenditions', () => {
  it('adds an audio-only rendition of 64 kb/s AAC, without a picture, to a video with sound', () => {
    const plan = planRenditions({ width: 1280, height: 720, hasAudio: true });
    expect(plan.at(-1)).toEqual({ ...AUDIO_ONLY_RUNG, width: 0, height: 0 });
    expect(AUDIO_ONLY_RUNG).toMatchObject({ name: 'audio', videoBitrate: 0, audioBitrate: 64_000 });
    expect(plan.filter(isAudioOnly).map((rendition) => rendition.name)).toEqual(['audio']);
  });

  it('gives a silent video no audio-only rendition', () => {
    expect(planRenditions({ width: 1280, height: 720, hasAudio: false }).some(isAudioOnly)).toBe(false);
  });
});

describe('durationInMinutes', () => {
  it('rounds to whole minutes', () => {
    expect(durationInMinutes(60)).toBe(1);
    expect(durationInMinutes(89)).toBe(1);
    expect(durationInMinutes(90)).toBe(2);
    expect(durationInMinutes(3599.4)).toBe(60);
  });

  it('shows a short clip as one minute rather than none', () => {
    expect(durationInMinutes(6)).toBe(1);
    expect(durationInMinutes(29)).toBe(1);
  });

  it('answers 0 for no duration', () => {
    expect(durationInMinutes(0)).toBe(0);
    expect(durationInMinutes(Number.NaN)).toBe(0);
  });
});

describe('chooseAudioRate', () => {
  it('keeps 44.1 and 48 kHz and resamples anything else to 48 kHz', () => {
    expect(chooseAudioRate(44_100)).toBe(44_100);
    expect(chooseAudioRate(48_000)).toBe(48_000);
    expect(chooseAudioRate(22_050)).toBe(48_000);
    expect(chooseAudioRate(96_000)).toBe(48_000);
    expect(chooseAudioRate(null)).toBe(48_000);
  });
});

describe('poster', () => {
  it('is taken a tenth into the video, at most 5 s in', () => {
    expect(posterTimeSeconds(6)).toBeCloseTo(0.6);
    expect(posterTimeSeconds(3600)).toBe(5);
    expect(posterTimeSeconds(0)).toBe(0);
  });

  it('is at most 720p and never larger than the source', () => {
    expect(posterSize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(posterSize({ width: 640, height: 360 })).toEqual({ width: 640, height: 360 });
    expect(posterSize({ width: 320, height: 180 })).toEqual({ width: 320, height: 180 });
  });
});
