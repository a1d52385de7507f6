/** Reading the media playlists ffmpeg writes, and writing the master playlist. Pure functions. */

export interface PlaylistSegment {
  uri: string;
  durationSeconds: number;
}

export interface MediaPlaylist {
  targetDurationSeconds: number;
  segments: PlaylistSegment[];
  ended: boolean;
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist: it does not start with #EXTM3U');
  const segments: PlaylistSegment[] = [];
  let targetDurationSeconds = 0;
  let ended = false;
  let pendingDuration: number | undefined;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDurationSeconds = Number(line.slice('#EXT-X-TARGETDURATION:'.length));
    else if (line.startsWith('#EXTINF:')) pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line && !line.startsWith('#') && pendingDuration !== undefined) {
      segments.push({ uri: line, durationSeconds: pendingDuration });
      pendingDuration = undefined;
    }
  }
  return { targetDurationSeconds, segments, ended };
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
  width: number;
  height: number;
  bandwidth: Bandwidth;
  videoCodec: string;
  /** Absent for a video without sound. */
  audioCodec?: string | undefined;
  frameRate?: number | undefined;
}

/** The master playlist, lowest rendition first (players that ignore BANDWIDTH start with the first). */
export function buildMasterPlaylist(entries: readonly MasterPlaylistEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const sorted = [...entries].sort((a, b) => a.bandwidth.peak - b.bandwidth.peak);
  for (const entry of sorted) {
    const codecs = entry.audioCodec ? `${entry.videoCodec},${entry.audioCodec}` : entry.videoCodec;
    const attributes = [
      `BANDWIDTH=${entry.bandwidth.peak}`,
      `AVERAGE-BANDWIDTH=${entry.bandwidth.average}`,
      `RESOLUTION=${entry.width}x${entry.height}`,
      ...(entry.frameRate ? [`FRAME-RATE=${entry.frameRate.toFixed(3)}`] : []),
      `CODECS="${codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, entry.playlist);
  }
  return `${lines.join('\n')}\n`;
}
