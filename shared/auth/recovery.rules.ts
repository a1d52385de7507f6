/** Masks an e-mail address so that its owner recognises it and nobody else learns it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const domainName = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const keep = (text: string) => `${text.slice(0, 1)}${'*'.repeat(Math.max(text.length - 1, 2))}`;
  return `${keep(local)}@${keep(domainName)}${tld}`;
}

/** Keeps the last four digits of a phone number. */
export function maskPhone(phone: string): string {
  const digits = normalizePhone(phone);
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/** Digits only; an Indian number with its 91 country code compares equal to the bare ten digits. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

export function emailChallengeMatches(accountEmail: string, challenge: string): boolean {
  return accountEmail.trim().toLowerCase() === challenge.trim().toLowerCase();
}

export function phoneChallengeMatches(accountPhone: string, challenge: string): boolean {
  const expected = normalizePhone(accountPhone);
  return expected.length > 0 && expected === normalizePhone(challenge);
}

/** A wait in plain words, rounded up: "45 seconds", "1 minute", "43 minutes", "5 hours". */
export function waitInWords(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds <= 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return plural(minutes, 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}
