import type * as React from 'react';
import { FileImage, FileText } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatBytes } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';

/** One stored file of a post: its name and size (read from the file itself, so a replace shows at once) and its buttons. */
export function FileView({ assetId, kind, actions }: { assetId: string; kind: 'image' | 'pdf'; actions: React.ReactNode }) {
  const asset = api.assets.get.useQuery({ id: assetId });
  const Icon = kind === 'image' ? FileImage : FileText;
  return (
    <div role="group" className="grid gap-2 rounded-md border p-3" aria-label={asset.data?.fileName ?? 'File'}>
      <div className="flex flex-wrap items-center gap-3">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          {asset.isPending ? (
            <Spinner size="sm" label="Loading file" />
          ) : (
            <>
              <p className="break-all text-sm font-medium">{asset.data?.fileName ?? 'File not found'}</p>
              <p className="text-xs text-muted-foreground">{asset.data ? formatBytes(asset.data.sizeInBytes) : assetId}</p>
            </>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
    </div>
  );
}
FileView.displayName = 'FileView';
