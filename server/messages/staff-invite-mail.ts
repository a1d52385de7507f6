/** The e-mail that invites a new staff member to set a password and sign in to the console. */
export function staffInviteMail(invite: { name: string; invitedBy: string; roles: string[]; link: string; ttlHours: number }): {
  subject: string;
  body: string;
} {
  const greeting = invite.name.trim() ? `Hello ${invite.name.trim()},` : 'Hello,';
  const roles = invite.roles.length > 0 ? ` as ${invite.roles.join(', ')}` : '';
  return {
    subject: 'You are invited to the PSC admin console',
    body:
      `${greeting}\n\n` +
      `${invite.invitedBy} has invited you to the PSC admin console${roles}.\n\n` +
      `Open this link to choose your password:\n${invite.link}\n\n` +
      `The link works once and expires in ${invite.ttlHours} hours. After setting your password, sign in with this e-mail address.\n` +
      'If you did not expect this invitation, you can ignore this message.',
  };
}
