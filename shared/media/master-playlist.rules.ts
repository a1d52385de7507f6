/**
 * Reading an HLS master playlist and choosing which of its variants a student's player gets:
 * the whole ladder, the data saver ladder (pictures up to 240p) or the sound alone. Pure rules,
 * used by the server when it serves a video's stored master playlist.
 */
import { DATA_SAVER_MAX_HEIGHT } from './ladder.rules.ts';

/** What a student asked to play: every rendition, the data saver ladder, or only the sound. */
export const LADDER_CHOICES = ['full', 'data-saver', 'audio-only'] as const;
export type LadderChoice = (typeof LADDER_CHOICES)[number];

export interface MasterVariant {
  /** The #EXT-X-STREAM-INF line as it stands. */
  info: string;
  /** The playlist it points at. */
  uri: string;
  bandwidth: number;
  /** Absent for an audio-only variant. */
  resolution?: { width: number; height: number } | undefined;
  codecs: string[];
}

export interface MasterPlaylist {
  /** The lines before the first variant (#EXTM3U, version, independent segments). */
  header: string[];
  variants: MasterVariant[];
}

/** The attributes of a tag line, quoted values unquoted ("CODECS" holds commas inside its quotes). */
export function parseAttributes(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    const value = match[2]!;
    attributes[match[1]!] = value.startsWith('"') ? value.slice(1, -1) : value;
  }
  return attributes;
}

const STREAM_INF = '#EXT-X-STREAM-INF:';

export function parseMasterPlaylist(text: string): MasterPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist: it does not start with #EXTM3U');
  const header: string[] = [];
  const variants: MasterVariant[] = [];
  let pending: string | undefined;
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith(STREAM_INF)) pending = line;
    else if (pending !== undefined && !line.startsWith('#')) {
      const attributes = parseAttributes(pending.slice(STREAM_INF.length));
      const size = /^(\d+)x(\d+)$/.exec(attributes.RESOLUTION ?? '');
      variants.push({
        info: pending,
        uri: line,
        bandwidth: Number(attributes.BANDWIDTH ?? 0),
        resolution: size ? { width: Number(size[1]), height: Number(size[2]) } : undefined,
        codecs: (attributes.CODECS ?? '').split(',').filter(Boolean),
      });
      pending = undefined;
    } else if (variants.length === 0 && pending === undefined) header.push(line);
  }
  return { header, variants };
}

export function isAudioOnlyVariant(variant: Pick<MasterVariant, 'resolution' | 'codecs'>): boolean {
  return variant.resolution === undefined && variant.codecs.length > 0 && variant.codecs.every((codec) => codec.startsWith('mp4a.'));
}

/**
 * The variants of a choice:
 * - full: every variant, as stored;
 * - data-saver: the pictures whose short side is at most 240 lines (144p and 240p); a video with
 *   none that small (never made by this product's ladder) keeps its lowest picture;
 * - audio-only: the audio-only variant; a video processed before the ladder had one gets its
 *   data saver ladder instead (see `answeredChoice`).
 */
export function selectVariants(master: MasterPlaylist, choice: LadderChoice): MasterVariant[] {
  if (choice === 'full') return master.variants;
  const audio = master.variants.filter(isAudioOnlyVariant);
  if (choice === 'audio-only' && audio.length > 0) return audio;
  const pictures = master.variants.filter((variant) => !isAudioOnlyVariant(variant));
  const small = pictures.filter((variant) => variant.resolution && Math.min(variant.resolution.width, variant.resolution.height) <= DATA_SAVER_MAX_HEIGHT);
  if (small.length > 0) return small;
  const lowest = [...pictures].sort((a, b) => a.bandwidth - b.bandwidth)[0];
  return lowest ? [lowest] : master.variants;
}

/** What a choice gives for a video with these renditions: audio-only falls back to the data saver when there is no sound track of its own. */
export function answeredChoice(choice: LadderChoice, renditions: readonly { width: number; height: number }[]): LadderChoice {
  if (choice !== 'audio-only') return choice;
  return renditions.some((rendition) => rendition.width === 0 && rendition.height === 0) ? 'audio-only' : 'data-saver';
}

/** The master playlist text holding only the variants of the choice, in their stored order. */
export function filterMasterPlaylist(text: string, choice: LadderChoice): string {
  if (choice === 'full') return text;
  const master = parseMasterPlaylist(text);
  const kept = selectVariants(master, choice);
  const lines = [...master.header];
  for (const variant of kept) lines.push(variant.info, variant.uri);
  return `${lines.join('\n')}\n`;
}
