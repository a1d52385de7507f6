import * as React from 'react';
import { Eye, ListPlus, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { isWorkingState, pdfAssetStatus, processPercent, processStateLabel } from './asset-status.rules.ts';
import { PdfPagesViewer } from './pdf-pages-viewer.tsx';
import { useAddToQueue, useAssetWithQueue } from './use-asset.ts';

export interface PdfAssetStatusProps {
  assetId: string;
  className?: string;
}

/**
 * A PDF's conversion to page images: Ready (with a page preview), In queue (with the step's
 * progress), or Add to queue; a red warning icon when its stored file is missing.
 */
export function PdfAssetStatus({ assetId, className }: PdfAssetStatusProps) {
  const { asset: assetQuery, queueItem, fileMissing } = useAssetWithQueue(assetId, { checkMissing: true });
  const queue = useAddToQueue();
  const [previewOpen, setPreviewOpen] = React.useState(false);
  const asset = assetQuery.data;

  if (assetQuery.isPending) return <Spinner size="sm" label="Loading PDF status" />;

  const missingIcon = fileMissing && (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-destructive" title="The PDF file is missing">
      <span role="img" aria-label="The PDF file is missing">
        <TriangleAlert aria-hidden="true" className="size-4" />
      </span>
      <span aria-hidden="true">File missing</span>
    </span>
  );
  if (!asset) {
    return (
      <span className={cn('inline-flex items-center gap-2 text-sm text-destructive', className)}>
        {missingIcon}
        PDF not found
      </span>
    );
  }

  const status = pdfAssetStatus(asset, queueItem);
  const workingState = queueItem && isWorkingState(queueItem.state) ? queueItem.state : isWorkingState(asset.state) ? asset.state : null;
  const addToQueue = () => queue.addToQueue(asset._id);

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {missingIcon}
      {status === 'ready' && (
        <>
          <Badge variant="success">Ready</Badge>
          <Button variant="outline" size="sm" onClick={() => setPreviewOpen(true)}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
        </>
      )}
      {status === 'in-queue' && (
        <Badge variant="warning" title={workingState ? processStateLabel(workingState) : 'Waiting in the queue'}>
          In queue
          {workingState && (
            <span className="font-normal tabular-nums">
              · {processStateLabel(workingState)} {processPercent(workingState, asset.processProgress)}%
            </span>
          )}
        </Badge>
      )}
      {status === 'failed' && (
        <Badge variant="destructive" title={queueItem?.failureReason ?? asset.failureReason ?? undefined}>
          Failed
        </Badge>
      )}
      {(status === 'add-to-queue' || status === 'failed') && (
        <Button variant="outline" size="sm" onClick={addToQueue} disabled={queue.isPending}>
          <ListPlus aria-hidden="true" />
          Add to queue
        </Button>
      )}
      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{asset.fileName}</DialogTitle>
            <DialogDescription>The PDF's pages as students see them</DialogDescription>
          </DialogHeader>
          <PdfPagesViewer pageUrls={asset.pageUrls} fileName={asset.fileName} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
PdfAssetStatus.displayName = 'PdfAssetStatus';
