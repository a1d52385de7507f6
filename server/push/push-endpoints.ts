/**
 * Which push endpoints the server sends to: the students' apps hand in the address, so it is held
 * to the push services in PUSH_ENDPOINT_HOSTS ("*.push.apple.com" takes any subdomain), over https
 * on its own port unless the entry names one ("push.example.org:8443").
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
    .some((entry) => {
      // Push services answer on https's own port: another port only when the setting names it
      // ("push.example.org:8443"), or an app could make the server call another service on that host.
      const [name = '', port = ''] = entry.split(':');
      if (url.port !== port) return false;
      return name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name;
    });
}
