// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SideBar } from '../../../client/src/features/admin/side-bar.tsx';

afterEach(cleanup);

const person = (name: string, roles: string[], emailAddress: string | null = 'someone@example.com') => ({
  _id: 'u1',
  name,
  roles,
  phoneNumber: null,
  emailAddress,
});

function renderFor(user: ReturnType<typeof person>) {
  return render(<SideBar user={user} location="/admin/videos" v2DashboardUrl={null} onLogout={() => {}} />);
}

describe('SideBar: who is signed in', () => {
  it('shows the e-mail address, and its initial, for a user without a name; never "?"', () => {
    const { container } = renderFor(person('', ['admin'], 'admin@example.com'));
    expect(screen.getByText('admin@example.com')).toBeTruthy();
    expect(container.textContent).not.toContain('?');
    expect(container.querySelector('[data-slot="avatar"]')?.textContent).toBe('A');
  });

  it('shows the real role, not "Administrator" for everyone', () => {
    for (const [role, label] of [
      ['admin', 'Administrator'],
      ['staff', 'Staff'],
      ['marketing', 'Marketing'],
      ['manager', 'Manager'],
    ] as const) {
      renderFor(person('Deepa Menon', [role]));
      expect(screen.getByText('Deepa Menon')).toBeTruthy();
      expect(screen.getByText(label)).toBeTruthy();
      if (role !== 'admin') expect(screen.queryByText('Administrator')).toBeNull();
      cleanup();
    }
  });

  it('lists every console role of a user who holds several', () => {
    renderFor(person('Two Hats', ['manager', 'staff']));
    expect(screen.getByText('Staff, Manager')).toBeTruthy();
  });

  it('links to the change-password page', () => {
    renderFor(person('Deepa Menon', ['staff']));
    expect(screen.getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/account/password');
  });
});
