import type { StudentApi } from '../../../clients/student-api/index.ts';

const SCOPES = ['hls', 'pdf', 'asset', 'key'] as const;
type Scope = (typeof SCOPES)[number];

/** The query a signed file address carries (what /api/assets/{id} and its HLS files take). */
interface SignedQuery {
  expires?: string;
  signature?: string;
  scope?: Scope;
  student?: string;
  grant?: string;
}

/** A signed file address from a student answer, taken apart into the operation's parameters. */
export interface SignedAddress {
  url: string;
  id: string;
  /** The file under the video's HLS folder (master.m3u8, 360p/index.m3u8, ...), or null for the file itself. */
  hlsFile: string | null;
  query: SignedQuery;
  /** The address a playlist line refers to, relative to this one. */
  follow(line: string | undefined): SignedAddress;
}

const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

export function signedAddress(url: string): SignedAddress {
  const parsed = new URL(url, 'http://server.invalid');
  const match = /^\/api\/assets\/([^/]+)(?:\/hls\/(.+))?$/.exec(parsed.pathname);
  if (!match) throw new Error(`not a file address: ${url}`);
  const query: SignedQuery = {};
  for (const [name, value] of parsed.searchParams) {
    if (name === 'scope') {
      if (!isScope(value)) throw new Error(`unknown scope ${value} in ${url}`);
      query.scope = value;
    } else if (name === 'expires' || name === 'signature' || name === 'student' || name === 'grant') query[name] = value;
    else throw new Error(`unexpected parameter ${name} in ${url}`);
  }
  return {
    url,
    id: match[1]!,
    hlsFile: match[2] === undefined ? null : decodeURIComponent(match[2]),
    query,
    follow(line) {
      if (!line) throw new Error(`${url} lists no further file`);
      const next = new URL(line, parsed);
      return signedAddress(`${next.pathname}${next.search}`);
    },
  };
}

/** Opens a signed file through the client, as the app's player or PDF viewer would. */
export async function openSigned(api: StudentApi, address: SignedAddress, parseAs: 'text'): Promise<string>;
export async function openSigned(api: StudentApi, address: SignedAddress, parseAs: 'arrayBuffer'): Promise<ArrayBuffer>;
export async function openSigned(api: StudentApi, address: SignedAddress, parseAs: 'text' | 'arrayBuffer'): Promise<string | ArrayBuffer> {
  const { id, hlsFile, query } = address;
  const { data, response } =
    hlsFile === null
      ? await api.GET('/api/assets/{id}', { params: { path: { id }, query }, parseAs })
      : await api.GET('/api/assets/{id}/hls/{path}', { params: { path: { id, path: hlsFile }, query }, parseAs });
  if (!response.ok || data === undefined) throw new Error(`${address.url} answered ${response.status}`);
  return data;
}

/** Fetches a video's key through the client from the key URI of a served rendition playlist, as the app's player would. */
export async function openKey(api: StudentApi, playlist: string): Promise<Uint8Array> {
  const uri = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(playlist)?.[1];
  if (!uri) throw new Error('the playlist names no key');
  const parsed = new URL(uri, 'http://server.invalid');
  const match = /^\/api\/assets\/([^/]+)\/key$/.exec(parsed.pathname);
  if (!match) throw new Error(`not a key address: ${uri}`);
  const query = Object.fromEntries(parsed.searchParams) as { expires?: string; signature?: string; scope?: Scope; student?: string };
  const { data, response } = await api.GET('/api/assets/{id}/key', { params: { path: { id: match[1]! }, query }, parseAs: 'arrayBuffer' });
  if (!response.ok || data === undefined) throw new Error(`${uri} answered ${response.status}`);
  return new Uint8Array(data);
}
