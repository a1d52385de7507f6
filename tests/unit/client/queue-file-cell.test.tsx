// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueueFileCell } from '../../../client/src/features/queue/queue-file-cell.tsx';

afterEach(cleanup);

const fileId = '5b0c2a9e-4f1d-4c3b-9a57-0d6f1e2b3c4d';

describe('QueueFileCell', () => {
  it("shows the lecture's title with the file name below it in smaller muted text", () => {
    render(<QueueFileCell item={{ title: 'Rivers of Kerala', fileName: 'ch4_rivers_scan.pdf', fileId }} />);
    const title = screen.getByText('Rivers of Kerala');
    const fileName = screen.getByText('ch4_rivers_scan.pdf');
    expect(title.compareDocumentPosition(fileName) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fileName.className).toMatch(/\btext-xs\b/);
    expect(fileName.className).toMatch(/\btext-muted-foreground\b/);
    expect(title.className).not.toMatch(/text-muted-foreground/);
    expect(screen.getByText(fileId)).toBeTruthy();
  });

  it('names a file no lecture uses once, by its file name', () => {
    render(<QueueFileCell item={{ title: 'unused-handout.pdf', fileName: 'unused-handout.pdf', fileId }} />);
    expect(screen.getAllByText('unused-handout.pdf')).toHaveLength(1);
  });
});
