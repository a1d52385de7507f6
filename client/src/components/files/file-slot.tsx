import { Trash2 } from 'lucide-react';
import { formatBytes } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { Button } from '../ui/button.tsx';
import { AssetUploader } from './asset-uploader.tsx';

/** The file's name and size, read from the file itself (its id until they arrive, or if it is gone). */
function SlotFileName({ assetId, sizeInBytes }: { assetId: string; sizeInBytes: number | null }) {
  const asset = api.assets.get.useQuery({ id: assetId }, { retry: false });
  const size = asset.data?.sizeInBytes ?? sizeInBytes;
  return (
    <>
      {asset.data ? (
        <span className="min-w-0 flex-1 break-all text-sm font-medium">{asset.data.fileName}</span>
      ) : (
        <span className="min-w-0 flex-1 break-all font-mono text-xs">{assetId}</span>
      )}
      {size != null && <span className="text-xs text-muted-foreground">{formatBytes(size)}</span>}
    </>
  );
}

/** One file slot of an editor (a banner image, a video, a PDF): upload when empty, else the file with remove (the file itself is kept). */
export function FileSlot({
  label,
  kind,
  assetId,
  sizeInBytes,
  onChange,
}: {
  label: string;
  kind: 'image' | 'video' | 'pdf';
  assetId: string | null;
  sizeInBytes?: number | null;
  onChange: (assetId: string | null) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      {assetId ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
          {kind === 'image' ? <img src={`/api/assets/${assetId}`} alt="" className="h-12 w-20 rounded border object-cover" /> : null}
          <SlotFileName assetId={assetId} sizeInBytes={sizeInBytes ?? null} />
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : (
        <AssetUploader
          kind={kind}
          accessMode={kind === 'pdf' ? 'private' : 'public'}
          label={`Upload ${label.toLowerCase()}`}
          className="justify-self-start"
          onUploaded={(asset) => onChange(asset._id)}
        />
      )}
    </div>
  );
}
FileSlot.displayName = 'FileSlot';

/** What a saved record says of its banner image. */
export interface SavedBannerImage {
  bannerImageId: string | null;
  bannerImageFizeSizeInBytes: number | null;
}

/** A record's banner image slot: the saved size is shown while the draft still holds the saved image. */
export function BannerImageSlot({
  label,
  saved,
  assetId,
  onChange,
}: {
  label: string;
  saved: SavedBannerImage;
  assetId: string | null;
  onChange: (assetId: string | null) => void;
}) {
  const sizeInBytes = assetId === saved.bannerImageId ? saved.bannerImageFizeSizeInBytes : null;
  return <FileSlot label={label} kind="image" assetId={assetId} sizeInBytes={sizeInBytes} onChange={onChange} />;
}
BannerImageSlot.displayName = 'BannerImageSlot';
