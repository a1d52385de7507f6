// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PdfPagesViewer } from '../../../client/src/components/files/pdf-pages-viewer.tsx';

afterEach(cleanup);

const pages = ['/api/assets/a/pages/1.png', '/api/assets/a/pages/2.png', '/api/assets/a/pages/3.png'];

function button(name: string) {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('PdfPagesViewer', () => {
  it('pages through the images with Previous and Next, saying "Page N of M"', async () => {
    const user = userEvent.setup();
    render(<PdfPagesViewer pageUrls={pages} fileName="notes.pdf" />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('img') as HTMLImageElement).getAttribute('src')).toBe(pages[0]);
    expect(button('Previous').disabled).toBe(true);

    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('img') as HTMLImageElement).getAttribute('src')).toBe(pages[2]);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('notes.pdf, page 3 of 3');
    expect(button('Next').disabled).toBe(true);

    await user.click(button('Previous'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('says when there are no pages yet', () => {
    render(<PdfPagesViewer pageUrls={[]} />);
    expect(screen.getByText('No page images yet')).toBeTruthy();
  });
});
