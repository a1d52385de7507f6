// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SideBar } from '../../../client/src/features/admin/side-bar.tsx';

afterEach(cleanup);

const staff = { _id: 'u1', name: 'Deepa Staff', roles: ['staff'], phoneNumber: null, emailAddress: 'deepa@example.com' };

function links() {
  return within(screen.getByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('SideBar', () => {
  it("lists the role's screens in the specification's order, with the name and the role", () => {
    render(<SideBar user={staff} location="/admin/exams/editor/1" v2DashboardUrl={null} onLogout={() => {}} />);
    expect(links()).toEqual(['Home', 'Notifications', 'Lecture Videos', 'Discussions', 'Exams', 'Rank Files', 'Current Affairs', 'Process Queue']);
    expect(screen.getByText('Deepa Staff')).toBeTruthy();
    expect(screen.getByText('Staff')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exams' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the V2 Dashboard link first, only when it is configured', () => {
    const { rerender } = render(<SideBar user={staff} location="/admin/videos" v2DashboardUrl="https://v2.example.com" onLogout={() => {}} />);
    expect(links()[0]).toBe('V2 Dashboard');
    const v2 = screen.getByRole('link', { name: 'V2 Dashboard' });
    expect(v2.getAttribute('href')).toBe('https://v2.example.com');
    expect(v2.getAttribute('target')).toBe('_blank');
    rerender(<SideBar user={staff} location="/admin/videos" v2DashboardUrl={null} onLogout={() => {}} />);
    expect(screen.queryByRole('link', { name: 'V2 Dashboard' })).toBeNull();
  });

  it('shows an unread count on Notifications only when one is given', () => {
    const { rerender } = render(<SideBar user={staff} location="/admin/videos" v2DashboardUrl={null} onLogout={() => {}} />);
    expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('Notifications');
    rerender(<SideBar user={staff} location="/admin/videos" v2DashboardUrl={null} notificationCount={0} onLogout={() => {}} />);
    expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('Notifications');
    rerender(<SideBar user={staff} location="/admin/videos" v2DashboardUrl={null} notificationCount={7} onLogout={() => {}} />);
    expect(screen.getByRole('link', { name: /Notifications/ }).textContent).toBe('Notifications7 unread');
  });

  it('asks to log out', async () => {
    const onLogout = vi.fn();
    render(<SideBar user={staff} location="/admin/videos" v2DashboardUrl={null} onLogout={onLogout} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
