import { FileText } from 'lucide-react';
import type { UploadedAsset } from '../../../../shared/assets/assets.schema.ts';
import type { LectureNote } from '../../../../shared/lectures/lectures.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { AssetDeleteButton } from '../../components/files/asset-delete-button.tsx';
import { AssetUploader } from '../../components/files/asset-uploader.tsx';
import { PdfAssetStatus } from '../../components/files/pdf-asset-status.tsx';
import { useSaveThenQueue } from '../../components/files/use-saved-file.ts';
import { formatBytes } from '../../lib/format.ts';
import { newResId } from '../../lib/res-id.ts';
import type { LectureEditorApi } from './lecture-draft.ts';
import { NO_NOTES } from './lecture-labels.ts';

export interface NotesCardProps {
  editor: LectureEditorApi;
  lectureResId: string;
  notes: readonly LectureNote[];
}

/** The lecture's PDF notes: each with its conversion status and page preview; add and remove. */
export function NotesCard({ editor, lectureResId, notes }: NotesCardProps) {
  const saveThenQueue = useSaveThenQueue(editor);

  const uploaded = async (asset: UploadedAsset) => {
    const note: LectureNote = {
      resId: newResId(),
      lectureResId,
      pdfFileId: asset._id,
      fileName: asset.fileName,
      fileSizeInBytes: asset.sizeInBytes,
    };
    // Students read notes as page images: convert the PDF at once.
    await saveThenQueue({ notes: [...editor.current().notes, note] }, asset._id);
  };

  return (
    <SectionCard title="Notes" description="PDF notes, shown to students page by page.">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_NOTES}</p>
      ) : (
        <ul className="grid gap-2" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.resId} aria-label={note.fileName} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-3">
                <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="break-all text-sm font-medium">{note.fileName}</p>
                  <p className="text-xs text-muted-foreground">{formatBytes(note.fileSizeInBytes)}</p>
                </div>
                <AssetDeleteButton
                  assetId={note.pdfFileId}
                  label="Remove note"
                  size="sm"
                  beforeDelete={{
                    run: () => editor.saveDraft({ ...editor.current(), notes: editor.current().notes.filter((n) => n.resId !== note.resId) }),
                    failureTitle: 'Update subject failed',
                    applied: () => editor.change({ notes: editor.current().notes.filter((n) => n.resId !== note.resId) }),
                  }}
                />
              </div>
              <PdfAssetStatus assetId={note.pdfFileId} />
            </li>
          ))}
        </ul>
      )}
      <AssetUploader kind="pdf" label="Add PDF note" className="justify-self-start" onUploaded={uploaded} />
    </SectionCard>
  );
}
NotesCard.displayName = 'NotesCard';
