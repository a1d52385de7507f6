/** Reading the media playlists ffmpeg writes, and writing the master playlist. Pure functions. */

export interface PlaylistSegment {
  uri: string;
  durationSeconds: number;
}

export interface MediaPlaylist {
  targetDurationSeconds: number;
  segments: PlaylistSegment[];
  ended: boolean;
  /** #EXT-X-PLAYLIST-TYPE, when the playlist says. */
  type?: 'event' | 'vod' | undefined;
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist: it does not start with #EXTM3U');
  const segments: PlaylistSegment[] = [];
  let targetDurationSeconds = 0;
  let ended = false;
  let type: MediaPlaylist['type'];
  let pendingDuration: number | undefined;
  for (const line of lines) {
    if (line === '#EXT-X-PLAYLIST-TYPE:VOD') type = 'vod';
    else if (line === '#EXT-X-PLAYLIST-TYPE:EVENT') type = 'event';
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDurationSeconds = Number(line.slice('#EXT-X-TARGETDURATION:'.length));
    else if (line.startsWith('#EXTINF:')) pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line && !line.startsWith('#') && pendingDuration !== undefined) {
      segments.push({ uri: line, durationSeconds: pendingDuration });
      pendingDuration = undefined;
    }
  }
  return { targetDurationSeconds, segments, ended, ...(type ? { type } : {}) };
}

export interface Bandwidth {
  /** The peak segment bitrate, bits per second: the BANDWIDTH attribute. */
  peak: number;
  /** Over the whole rendition: the AVERAGE-BANDWIDTH attribute. */
  average: number;
}

/**
 * BANDWIDTH is the peak segment bitrate (RFC 8216, 4.3.4.2). A last segment of a fraction of
 * a second is mostly one keyframe, and its rate would overstate the peak; segments shorter
 * than half the target duration count only when there is nothing else.
 */
export function measureBandwidth(segments: readonly { durationSeconds: number; bytes: number }[], targetDurationSeconds: number): Bandwidth {
  const usable = segments.filter((segment) => segment.durationSeconds > 0);
  const long = usable.filter((segment) => segment.durationSeconds >= targetDurationSeconds / 2);
  const counted = long.length > 0 ? long : usable;
  const totalBits = usable.reduce((sum, segment) => sum + segment.bytes * 8, 0);
  const totalSeconds = usable.reduce((sum, segment) => sum + segment.durationSeconds, 0);
  const average = totalSeconds > 0 ? Math.ceil(totalBits / totalSeconds) : 0;
  const peak = Math.max(average, ...counted.map((segment) => Math.ceil((segment.bytes * 8) / segment.durationSeconds)));
  return { peak, average };
}

const H264_PROFILES = new Set([66, 77, 88, 100, 110, 122, 244]);

/**
 * The RFC 6381 name of an H.264 stream ("avc1.64001f" is High profile, level 3.1), from the
 * first sequence parameter set in the bytes of a segment: profile_idc, the constraint flags
 * and level_idc are the three bytes after the NAL header.
 */
export function avcCodecFromBytes(bytes: Uint8Array): string | undefined {
  for (let index = 0; index + 6 < bytes.length; index++) {
    if (bytes[index] !== 0 || bytes[index + 1] !== 0 || bytes[index + 2] !== 1) continue;
    const header = bytes[index + 3]!;
    if ((header & 0x80) !== 0 || (header & 0x1f) !== 7) continue;
    const profile = bytes[index + 4]!;
    if (!H264_PROFILES.has(profile)) continue;
    const hex = (value: number) => value.toString(16).padStart(2, '0');
    return `avc1.${hex(profile)}${hex(bytes[index + 5]!)}${hex(bytes[index + 6]!)}`;
  }
  return undefined;
}

/** AAC-LC, which ffmpeg's aac encoder produces. */
export const AAC_LC_CODEC = 'mp4a.40.2';

export interface MasterPlaylistEntry {
  playlist: string;
  /** 0 with the height for the audio-only rendition. */
  width: number;
  height: number;
  bandwidth: Bandwidth;
  /** Absent for the audio-only rendition. */
  videoCodec?: string | undefined;
  /** Absent for a video without sound. */
  audioCodec?: string | undefined;
  frameRate?: number | undefined;
}

/**
 * The master playlist: the pictures lowest first (players that ignore BANDWIDTH start with the
 * first), then the audio-only rendition, which has no RESOLUTION and whose CODECS name only AAC
 * (RFC 8216 4.3.4.2; Apple's authoring guidelines list it as a variant of its own). Listed last so
 * that no player starts on it; players that play video drop it from their adaptive choice
 * (hls.js and ExoPlayer keep only the variants with video when there are some).
 */
export function buildMasterPlaylist(entries: readonly MasterPlaylistEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const pictures = entries.filter((entry) => entry.videoCodec).sort((a, b) => a.bandwidth.peak - b.bandwidth.peak);
  const sound = entries.filter((entry) => !entry.videoCodec && entry.audioCodec);
  for (const entry of [...pictures, ...sound]) {
    const codecs = [entry.videoCodec, entry.audioCodec].filter(Boolean).join(',');
    const attributes = [
      `BANDWIDTH=${entry.bandwidth.peak}`,
      `AVERAGE-BANDWIDTH=${entry.bandwidth.average}`,
      ...(entry.videoCodec ? [`RESOLUTION=${entry.width}x${entry.height}`] : []),
      ...(entry.videoCodec && entry.frameRate ? [`FRAME-RATE=${entry.frameRate.toFixed(3)}`] : []),
      `CODECS="${codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, entry.playlist);
  }
  return `${lines.join('\n')}\n`;
}

export interface MediaPlaylistText {
  targetDurationSeconds: number;
  segments: readonly PlaylistSegment[];
  /**
   * 'event' while segments are still being added (players reload it and may start from the
   * first segment), 'vod' once every segment is listed (then ended with #EXT-X-ENDLIST).
   */
  type: 'event' | 'vod';
}

/**
 * A rendition's playlist as ffmpeg writes one: the header (after which a key line may be inserted),
 * then each segment's duration and file. A growing playlist is an EVENT playlist without an end;
 * a finished one is a VOD playlist with #EXT-X-ENDLIST.
 */
export function buildMediaPlaylist(playlist: MediaPlaylistText): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(playlist.targetDurationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    `#EXT-X-PLAYLIST-TYPE:${playlist.type === 'vod' ? 'VOD' : 'EVENT'}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const segment of playlist.segments) lines.push(`#EXTINF:${segment.durationSeconds.toFixed(6)},`, segment.uri);
  if (playlist.type === 'vod') lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
