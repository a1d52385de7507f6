import { Trash2 } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { AssetUploader } from './asset-uploader.tsx';

/** One file slot of an editor (a banner image, a video, a PDF): upload when empty, else the file with remove (the file itself is kept). */
export function FileSlot({ label, kind, assetId, sizeInBytes, onChange }: { label: string; kind: 'image' | 'video' | 'pdf'; assetId: string | null; sizeInBytes?: number | null; onChange: (assetId: string | null) => void }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      {assetId ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
          {kind === 'image' ? <img src={`/api/assets/${assetId}`} alt="" className="h-12 w-20 rounded border object-cover" /> : null}
          <span className="min-w-0 flex-1 break-all font-mono text-xs">{assetId}</span>
          {sizeInBytes != null && <span className="text-xs text-muted-foreground">{Math.round(sizeInBytes / 1024)} KB</span>}
          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : (
        <AssetUploader kind={kind} accessMode={kind === 'pdf' ? 'private' : 'public'} label={`Upload ${label.toLowerCase()}`} className="justify-self-start" onUploaded={(asset) => onChange(asset._id)} />
      )}
    </div>
  );
}
FileSlot.displayName = 'FileSlot';
