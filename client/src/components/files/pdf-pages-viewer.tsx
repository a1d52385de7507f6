import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';

export interface PdfPagesViewerProps {
  /** The page images of a converted PDF, first page first. */
  pageUrls: readonly string[];
  /** The document's name, for the images' descriptions. */
  fileName?: string;
  className?: string;
}

/** Pages through a converted PDF's page images with Previous and Next. */
export function PdfPagesViewer({ pageUrls, fileName, className }: PdfPagesViewerProps) {
  const [index, setIndex] = React.useState(0);
  const count = pageUrls.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const url = pageUrls[current];

  React.useEffect(() => setIndex(0), [pageUrls]);

  if (count === 0 || !url) return <p className="text-sm text-muted-foreground">No page images yet</p>;
  const pageText = `Page ${current + 1} of ${count}`;
  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setIndex(current - 1)} disabled={current === 0}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm font-medium tabular-nums" aria-live="polite">
          {pageText}
        </span>
        <Button variant="outline" size="sm" onClick={() => setIndex(current + 1)} disabled={current >= count - 1}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="flex max-h-[65vh] justify-center overflow-auto rounded-md border bg-muted/40 p-2">
        <img key={url} src={url} alt={fileName ? `${fileName}, ${pageText.toLowerCase()}` : pageText} className="h-auto max-w-full bg-white shadow" />
      </div>
    </div>
  );
}
PdfPagesViewer.displayName = 'PdfPagesViewer';
