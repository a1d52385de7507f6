import { useState } from 'react';
import type { UploadedAsset } from '../../../../shared/assets/assets.schema.ts';
import { AssetDeleteButton } from '../../components/files/asset-delete-button.tsx';
import { AssetReplacer, AssetUploader } from '../../components/files/asset-uploader.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { releaseBeforeDelete } from '../../components/files/use-saved-file.ts';
import { api } from '../../lib/trpc.ts';
import { SAVE_FAILED_TITLE, type CurrentAffairEditorApi } from './current-affair-editor-api.ts';
import { FileView } from './file-view.tsx';

/** Cover Art: an image for public access, shown with its file; upload, replace and delete each save the post at once. */
export function CoverArtCard({ editor, bannerImageId }: { editor: CurrentAffairEditorApi; bannerImageId: string | null }) {
  const utils = api.useUtils();
  // A replaced image keeps its address: ask for the new one past the browser's copy.
  const [revision, setRevision] = useState(0);

  const uploaded = async (asset: UploadedAsset) => {
    const next = { ...editor.current(), bannerImageId: asset._id };
    editor.change({ bannerImageId: asset._id });
    await editor.saveDraft(next).catch(editor.showSaveFailure);
  };

  const replaced = async (asset: UploadedAsset) => {
    setRevision((current) => current + 1);
    await utils.assets.get.invalidate({ id: asset._id });
    await editor.saveDraft(editor.current()).catch(editor.showSaveFailure);
  };

  return (
    <SectionCard title="Cover Art" description="An image, shown to students with the post. Everyone can open it (public access).">
      {bannerImageId ? (
        <div className="grid gap-3">
          <img
            src={`/api/assets/${bannerImageId}${revision > 0 ? `?v=${revision}` : ''}`}
            alt="Cover art"
            className="max-h-56 w-full rounded-md border bg-muted object-contain"
          />
          <FileView
            assetId={bannerImageId}
            kind="image"
            actions={
              <>
                <AssetReplacer kind="image" assetId={bannerImageId} label="Replace image" variant="outline" onReplaced={replaced} />
                <AssetDeleteButton
                  assetId={bannerImageId}
                  label="Delete image"
                  beforeDelete={releaseBeforeDelete(editor, 'bannerImageId', SAVE_FAILED_TITLE)}
                />
              </>
            }
          />
        </div>
      ) : (
        <div className="grid justify-items-start gap-3 rounded-md border border-dashed p-4">
          <p className="text-sm text-muted-foreground">No cover art uploaded</p>
          <AssetUploader kind="image" accessMode="public" label="Upload cover art" variant="default" onUploaded={uploaded} />
        </div>
      )}
    </SectionCard>
  );
}
CoverArtCard.displayName = 'CoverArtCard';
