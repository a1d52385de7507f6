// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { EditorLoader, type EditorQuery } from '../../../client/src/components/editor-loader.tsx';

afterEach(cleanup);

function query(state: Partial<EditorQuery<{ title: string }>>): EditorQuery<{ title: string }> {
  return { isPending: false, data: undefined, error: null, refetch: () => Promise.resolve(), ...state };
}

function renderLoader(state: EditorQuery<{ title: string }>) {
  return render(
    <EditorLoader query={state} backHref="/admin/videos/lectures" backLabel="All lectures">
      {(record) => <h1>{record.title}</h1>}
    </EditorLoader>,
  );
}

describe('EditorLoader', () => {
  it('says "Loading" until the record arrives', () => {
    renderLoader(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });

  it('says "Fetching data failed" with the message, retries, and links back', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderLoader(query({ error: new Error('Lecture not found'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fetching data failed');
    expect(alert.textContent).toContain('Lecture not found');
    expect(screen.getByRole('link', { name: 'All lectures' }).getAttribute('href')).toBe('/admin/videos/lectures');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the editor with the loaded record', () => {
    renderLoader(query({ data: { title: 'Kerala rivers' } }));
    expect(screen.getByRole('heading', { name: 'Kerala rivers' })).toBeTruthy();
  });
});
