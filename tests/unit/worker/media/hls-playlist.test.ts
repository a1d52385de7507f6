import { describe, expect, it } from 'vitest';
import { avcCodecFromBytes, buildMasterPlaylist, buildMediaPlaylist, measureBandwidth, parseMediaPlaylist } from '../../../../worker/media/hls-playlist.ts';
import { parseMasterPlaylist } from '../../../../shared/media/master-playlist.rules.ts';
import { buildFilterGraph, buildPassArgs, DEFAULT_ENCODER_SETTINGS } from '../../../../worker/media/transcode.ts';
import { refusedDemuxer, refusedFormatMessage, toolMessage, guardedInputArgs } from '../../../../worker/media/input-guard.ts';
import { chooseLadder, planRenditions } from '../../../../shared/media/ladder.rules.ts';
import type { ProbeResult } from '../../../../shared/media/media.types.ts';

const playlist = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:4.000000,
segment_00000.ts
#EXTINF:4.000000,
segment_00001.ts
#EXTINF:0.500000,
segment_00002.ts
#EXT-X-ENDLIST
`;

describe('parseMediaPlaylist', () => {
  it('reads the segments, their durations and the end marker', () => {
    expect(parseMediaPlaylist(playlist)).toEqual({
      targetDurationSeconds: 4,
      ended: true,
      type: 'vod',
      segments: [
        { uri: 'segment_00000.ts', durationSeconds: 4 },
        { uri: 'segment_00001.ts', durationSeconds: 4 },
        { uri: 'segment_00002.ts', durationSeconds: 0.5 },
      ],
    });
  });

  it('reads a growing EVENT playlist as not ended', () => {
    const growing = playlist.replace('#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-PLAYLIST-TYPE:EVENT').replace('#EXT-X-ENDLIST\n', '');
    expect(parseMediaPlaylist(growing)).toMatchObject({ type: 'event', ended: false, segments: [{}, {}, {}] });
  });

  it('refuses a file that is not a playlist', () => {
    expect(() => parseMediaPlaylist('hello')).toThrow(/EXTM3U/);
  });
});

describe('buildMediaPlaylist', () => {
  const segments = [
    { uri: 'segment_00000.ts', durationSeconds: 4 },
    { uri: 'segment_00001.ts', durationSeconds: 4 },
    { uri: 'segment_00002.ts', durationSeconds: 0.5 },
  ];

  it('writes a finished VOD playlist as ffmpeg does, ending with #EXT-X-ENDLIST', () => {
    expect(buildMediaPlaylist({ targetDurationSeconds: 4, segments, type: 'vod' })).toBe(playlist);
  });

  it('writes a growing EVENT playlist without an end, listing only the segments given', () => {
    const text = buildMediaPlaylist({ targetDurationSeconds: 4, segments: segments.slice(0, 1), type: 'event' });
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(parseMediaPlaylist(text)).toEqual({ targetDurationSeconds: 4, ended: false, type: 'event', segments: segments.slice(0, 1) });
  });
});

describe('measureBandwidth', () => {
  it('takes the peak over full segments and the average over all', () => {
    const result = measureBandwidth(
      [
        { durationSeconds: 4, bytes: 400_000 },
        { durationSeconds: 4, bytes: 600_000 },
        { durationSeconds: 0.5, bytes: 200_000 },
      ],
      4,
    );
    expect(result.peak).toBe(1_200_000);
    expect(result.average).toBe(Math.ceil((1_200_000 * 8) / 8.5));
  });

  it('uses short segments when there is nothing else', () => {
    expect(measureBandwidth([{ durationSeconds: 1, bytes: 10_000 }], 4)).toEqual({ peak: 80_000, average: 80_000 });
  });
});

describe('avcCodecFromBytes', () => {
  it('reads profile, constraints and level from the first SPS', () => {
    const bytes = Uint8Array.from([0x47, 0x40, 0x00, 0x00, 0x00, 0x00, 0x01, 0x09, 0xf0, 0x00, 0x00, 0x00, 0x01, 0x67, 0x64, 0x00, 0x1f, 0xac]);
    expect(avcCodecFromBytes(bytes)).toBe('avc1.64001f');
  });

  it('answers undefined without an SPS', () => {
    expect(avcCodecFromBytes(Uint8Array.from([0, 0, 1, 0x65, 1, 2, 3, 4]))).toBeUndefined();
  });
});

describe('buildMasterPlaylist', () => {
  it('lists the renditions lowest first with bandwidth, resolution and codecs', () => {
    const text = buildMasterPlaylist([
      {
        playlist: '360p/index.m3u8',
        width: 640,
        height: 360,
        bandwidth: { peak: 900_000, average: 700_000 },
        videoCodec: 'avc1.64001e',
        audioCodec: 'mp4a.40.2',
      },
      {
        playlist: '240p/index.m3u8',
        width: 426,
        height: 240,
        bandwidth: { peak: 450_000, average: 300_000 },
        videoCodec: 'avc1.640015',
        audioCodec: 'mp4a.40.2',
      },
    ]);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=450000,AVERAGE-BANDWIDTH=300000,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ]);
  });

  it('lists the audio-only rendition last, without RESOLUTION or FRAME-RATE, its CODECS AAC alone', () => {
    const text = buildMasterPlaylist([
      { playlist: 'audio/index.m3u8', width: 0, height: 0, bandwidth: { peak: 70_000, average: 68_000 }, audioCodec: 'mp4a.40.2', frameRate: 30 },
      {
        playlist: '144p/index.m3u8',
        width: 256,
        height: 144,
        bandwidth: { peak: 230_000, average: 150_000 },
        videoCodec: 'avc1.64000c',
        audioCodec: 'mp4a.40.2',
        frameRate: 30,
      },
    ]);
    expect(text.split('\n').slice(3)).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=230000,AVERAGE-BANDWIDTH=150000,RESOLUTION=256x144,FRAME-RATE=30.000,CODECS="avc1.64000c,mp4a.40.2"',
      '144p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=70000,AVERAGE-BANDWIDTH=68000,CODECS="mp4a.40.2"',
      'audio/index.m3u8',
      '',
    ]);
    expect(parseMasterPlaylist(text).variants.map((variant) => [variant.uri, variant.bandwidth, variant.resolution, variant.codecs])).toEqual([
      ['144p/index.m3u8', 230_000, { width: 256, height: 144 }, ['avc1.64000c', 'mp4a.40.2']],
      ['audio/index.m3u8', 70_000, undefined, ['mp4a.40.2']],
    ]);
  });

  it('names only the video codec for a video without sound', () => {
    const text = buildMasterPlaylist([{ playlist: 'a/index.m3u8', width: 2, height: 2, bandwidth: { peak: 1, average: 1 }, videoCodec: 'avc1.64000c' }]);
    expect(text).toContain('CODECS="avc1.64000c"');
  });
});

describe('the ffmpeg command of a pass', () => {
  const probe: ProbeResult = {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    durationSeconds: 60,
    width: 1280,
    height: 720,
    hasAudio: true,
    audioSampleRate: 44_100,
    videoCodec: 'h264',
    frameRate: 60,
    audioChannels: 6,
  };
  const ladder = chooseLadder(probe);

  it('scales each rendition from the next larger one, and caps the frame rate', () => {
    expect(buildFilterGraph(ladder.slice(1, 3), probe, DEFAULT_ENCODER_SETTINGS)).toBe(
      '[0:v:0]fps=30,scale=640:360:flags=bicubic,setsar=1,format=yuv420p,split=2[v1][c1];' + '[c1]scale=426:240:flags=bicubic,setsar=1,format=yuv420p[v0]',
    );
  });

  it('reads only local files of real containers, with aligned key frames and AAC per rendition', () => {
    const args = buildPassArgs({ input: 'upload.mp4', outDir: '/hls', renditions: ladder.slice(3), probe }, DEFAULT_ENCODER_SETTINGS);
    const text = args.join(' ');
    expect(text).toContain('-protocol_whitelist file -format_whitelist mov,matroska,webm,avi,mpegts,flv,mpeg,asf,ogg -i file:/');
    expect(text).toContain('-force_key_frames expr:gte(t,n_forced*4) -sc_threshold 0');
    expect(text).toContain('-map 0:a:0 -c:a aac -b:a 128k -ar 44100 -ac 2');
    expect(text).toContain('-hls_segment_filename /hls/720p/segment_%05d.ts /hls/720p/index.m3u8');
    expect(args.filter((arg) => arg === 'libx264')).toHaveLength(2);
  });

  it('encodes the audio-only rendition as AAC alone at 64 kb/s, outside the picture graph', () => {
    const plan = planRenditions({ ...probe, hasAudio: true }).filter((rendition) => ['144p', 'audio'].includes(rendition.name));
    const args = buildPassArgs({ input: 'upload.mp4', outDir: '/hls', renditions: plan, probe }, DEFAULT_ENCODER_SETTINGS);
    const text = args.join(' ');
    expect(text).toContain('[0:v:0]fps=30,scale=256:144:flags=bicubic,setsar=1,format=yuv420p[v0] ');
    expect(args.filter((arg) => arg === 'libx264')).toHaveLength(1);
    expect(text).toContain(
      '-map 0:a:0 -c:a aac -b:a 64k -ar 44100 -ac 2 -f hls -hls_time 4 -hls_playlist_type vod -hls_list_size 0 -hls_flags independent_segments -hls_segment_type mpegts -hls_segment_filename /hls/audio/segment_%05d.ts /hls/audio/index.m3u8',
    );
    expect(text).toContain('-map [v0] -c:v libx264');
  });

  it('writes growing EVENT playlists, segments and playlists renamed into place, for a growing pass', () => {
    const args = buildPassArgs({ input: 'upload.mp4', outDir: '/hls', renditions: ladder.slice(0, 1), probe, growing: true }, DEFAULT_ENCODER_SETTINGS);
    expect(args.join(' ')).toContain('-hls_playlist_type event -hls_list_size 0 -hls_flags independent_segments+temp_file');
  });

  it('leaves audio out when the source has none', () => {
    const args = buildPassArgs(
      { input: 'upload.mp4', outDir: '/hls', renditions: ladder.slice(0, 1), probe: { ...probe, hasAudio: false, audioSampleRate: null } },
      DEFAULT_ENCODER_SETTINGS,
    );
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('aac');
  });
});

describe('input guard', () => {
  it('names the input with the file: protocol and an absolute path', () => {
    expect(guardedInputArgs('-i').at(-1)).toMatch(/^file:\/.*\/-i$/);
  });

  it('finds the demuxer ffmpeg refused and explains playlists', () => {
    const stderr = "[hls @ 0x55d0c2a4f280] Format not on whitelist 'mov,matroska'\nfile:/data/x.mp4: Invalid argument";
    expect(refusedDemuxer(stderr)).toBe('hls');
    expect(refusedFormatMessage('hls')).toBe(
      'The file is not a supported video: it is an HLS playlist (m3u8), which points at other files, not a video. Upload an MP4, MOV, 3GP, MKV, WebM, AVI, MPEG-TS, FLV, MPEG or WMV file.',
    );
    expect(refusedFormatMessage('image2')).toMatch(/it is in the image2 format, which is not accepted/);
    expect(refusedDemuxer('moov atom not found')).toBeUndefined();
  });

  it('words tool errors without addresses and server paths', () => {
    const stderr = '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x558f7dfe9280] moov atom not found\nfile:/data/uploads/x.mp4: Invalid data found when processing input';
    expect(toolMessage(stderr, '/data/uploads/x.mp4')).toBe('moov atom not found; Invalid data found when processing input');
  });
});
