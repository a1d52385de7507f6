import { ImagePlus, X } from 'lucide-react';
import { AssetUploader } from '../../components/files/asset-uploader.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { formatBytes } from '../../lib/format.ts';
import type { QuestionPatch } from './question-parts.tsx';

export interface QuestionImageFieldProps {
  /** The question's name, e.g. "Question 3 of Group 1". */
  name: string;
  bannerImageId: string | null;
  sizeInBytes: number | null;
  patch: QuestionPatch;
  onUploadBusyChange?: (busy: boolean) => void;
}

/** An image question's picture: shown with its size and a way to remove it, and the uploader that sets or replaces it. */
export function QuestionImageField({ name, bannerImageId, sizeInBytes, patch, onUploadBusyChange }: QuestionImageFieldProps) {
  return (
    <div className="grid gap-2">
      <Label>Question image</Label>
      {bannerImageId ? (
        <div className="flex flex-wrap items-end gap-3">
          <img src={`/api/assets/${bannerImageId}`} alt={`Image of ${name}`} className="max-h-48 max-w-full rounded border bg-muted object-contain" />
          <div className="grid gap-2">
            <span className="text-xs text-muted-foreground">{formatBytes(sizeInBytes)}</span>
            <Button variant="outline" size="sm" onClick={() => patch({ bannerImageId: null, bannerImageFizeSizeInBytes: null })}>
              <X aria-hidden="true" />
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No image yet.</p>
      )}
      <AssetUploader
        kind="image"
        accessMode="public"
        label={bannerImageId ? `Replace image of ${name}` : `Upload image of ${name}`}
        icon={<ImagePlus aria-hidden="true" />}
        {...(onUploadBusyChange ? { onBusyChange: onUploadBusyChange } : {})}
        onUploaded={(asset) => patch({ bannerImageId: asset._id, bannerImageFizeSizeInBytes: asset.sizeInBytes })}
      />
    </div>
  );
}
QuestionImageField.displayName = 'QuestionImageField';
