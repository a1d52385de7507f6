import path from 'node:path';

/**
 * The demuxers ffmpeg and ffprobe may use on an upload: real containers only. Playlists
 * (hls, concat, ffconcat), image sequences and the like are refused *before* they open
 * anything, because they can name other files on the server (an "mp4" that is really an
 * m3u8 listing /etc/passwd would otherwise be transcoded into a video of that file).
 * Names are matched against each demuxer's name list: "mov" covers mov, mp4, m4a, 3gp,
 * 3g2 and mj2; "matroska" covers matroska and webm; "mpeg" is MPEG program streams (.mpg,
 * .vob); "asf" is WMV.
 */
export const ALLOWED_VIDEO_DEMUXERS = ['mov', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'mpeg', 'asf', 'ogg'] as const;

export const ACCEPTED_VIDEO_FILES = 'MP4, MOV, 3GP, MKV, WebM, AVI, MPEG-TS, FLV, MPEG or WMV';

/**
 * The input options every ffmpeg and ffprobe run on an upload gets: local files only
 * (no http, no pipes, no nested protocols such as concat: or subfile:), the container
 * allow-list, and the upload named with the file: protocol and an absolute path so that
 * its name can never be read as a protocol or an option.
 * ffmpeg's own outputs (the HLS files, `-progress pipe:1`) are not inputs and are not
 * governed by these options.
 */
export function guardedInputArgs(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', ALLOWED_VIDEO_DEMUXERS.join(','), '-i', `file:${path.resolve(file)}`];
}

/** The demuxer ffmpeg refused because of the allow-list, from its stderr (e.g. "hls"). */
export function refusedDemuxer(stderr: string): string | undefined {
  return /\[([\w,]+) @ [^\]]*\] Format not on whitelist/.exec(stderr)?.[1];
}

/** Demuxers that read lists of other files, by the name a person would know them by. */
const PLAYLISTS: Record<string, string> = {
  hls: 'an HLS playlist (m3u8)',
  concat: 'an ffmpeg concat list',
  ffconcat: 'an ffmpeg concat list',
  dash: 'a DASH manifest',
  webm_dash_manifest: 'a DASH manifest',
};

/** A message for the queue; says why a playlist is refused, since it may well be named .mp4. */
export function refusedFormatMessage(demuxer: string): string {
  const playlist = PLAYLISTS[demuxer];
  const what = playlist ? `${playlist}, which points at other files, not a video` : `in the ${demuxer} format, which is not accepted`;
  return `The file is not a supported video: it is ${what}. Upload an ${ACCEPTED_VIDEO_FILES} file.`;
}

/** A tool's error line without the server's path to the upload (the queue shows it to staff). */
export function withoutPath(message: string, file: string): string {
  const absolute = path.resolve(file);
  return message.split(`file:${absolute}: `).join('').split(`file:${absolute}`).join(path.basename(file)).split(absolute).join(path.basename(file));
}

/**
 * The gist of a tool's last error lines for a person: without the "[mov,mp4 @ 0x55...]"
 * prefixes and the server's paths, e.g. "moov atom not found; Invalid data found when
 * processing input".
 */
export function toolMessage(stderrTail: string, file: string, lines = 2): string {
  const seen = new Set<string>();
  for (const line of stderrTail.split(/\r?\n/).slice(-lines)) {
    const text = withoutPath(line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/i, '').trim(), file);
    if (text) seen.add(text);
  }
  return [...seen].join('; ');
}
