/**
 * Which push endpoints the server sends to: the students' apps hand in the address, so it is held
 * to the push services in PUSH_ENDPOINT_HOSTS ("*.push.apple.com" takes any subdomain), over https.
 */
export function endpointAllowed(endpoint: string, hostsSetting: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return hostsSetting
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}
