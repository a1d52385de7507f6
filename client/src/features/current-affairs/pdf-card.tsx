import { Download } from 'lucide-react';
import { AssetDeleteButton } from '../../components/files/asset-delete-button.tsx';
import { AssetReplacer, AssetUploader } from '../../components/files/asset-uploader.tsx';
import { PdfAssetStatus } from '../../components/files/pdf-asset-status.tsx';
import { releaseBeforeDelete, useSavedFile } from '../../components/files/use-saved-file.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SAVE_FAILED_TITLE, type CurrentAffairEditorApi } from './current-affair-editor-api.ts';
import { FileView } from './file-view.tsx';

/** Current Affair PDF: a PDF for private access, with download and delete; upload, replace and delete each save the post at once. */
export function PdfCard({ editor, pdfFileId }: { editor: CurrentAffairEditorApi; pdfFileId: string | null }) {
  const { uploaded, replaced } = useSavedFile(editor, 'pdfFileId');

  return (
    <SectionCard title="Current Affair PDF" description="The PDF students open. Only students who may open the post get it (private access).">
      {pdfFileId ? (
        <div className="grid gap-3">
          <FileView
            assetId={pdfFileId}
            kind="pdf"
            actions={
              <>
                <Button asChild variant="outline">
                  <a href={`/api/assets/${pdfFileId}`} download>
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
                <AssetReplacer kind="pdf" assetId={pdfFileId} label="Replace PDF" variant="outline" onReplaced={replaced} />
                <AssetDeleteButton assetId={pdfFileId} label="Delete PDF" beforeDelete={releaseBeforeDelete(editor, 'pdfFileId', SAVE_FAILED_TITLE)} />
              </>
            }
          />
          <PdfAssetStatus assetId={pdfFileId} />
        </div>
      ) : (
        <div className="grid justify-items-start gap-3 rounded-md border border-dashed p-4">
          <p className="text-sm text-muted-foreground">No PDF uploaded</p>
          <AssetUploader kind="pdf" accessMode="private" label="Upload PDF" variant="default" onUploaded={uploaded} />
        </div>
      )}
    </SectionCard>
  );
}
PdfCard.displayName = 'PdfCard';
