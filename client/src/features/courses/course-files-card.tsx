import { FileText } from 'lucide-react';
import type { UploadedAsset } from '../../../../shared/assets/assets.schema.ts';
import type { CourseFile } from '../../../../shared/courses/courses.schema.ts';
import { AssetUploader } from '../../components/files/asset-uploader.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { formatBytes } from '../../lib/format.ts';
import { newResId } from '../../lib/res-id.ts';

export interface CourseFilesCardProps {
  title: string;
  description: string;
  /** What one file is called in labels, e.g. "syllabus". */
  itemLabel: string;
  files: CourseFile[];
  /** Previous questions carry the exam year (new ones start at 0). */
  withYear?: boolean;
  onChange: (files: CourseFile[]) => void;
}

/** A list of a course's PDFs (previous questions, syllabus): each with its active switch, removable; add by uploading. */
export function CourseFilesCard({ title, description, itemLabel, files, withYear = false, onChange }: CourseFilesCardProps) {
  const update = (resId: string, patch: Partial<CourseFile>) => onChange(files.map((file) => (file.resId === resId ? { ...file, ...patch } : file)));
  const added = (asset: UploadedAsset) =>
    onChange([...files, { resId: newResId(), pdfFileId: asset._id, fileName: asset.fileName, fileSizeInBytes: asset.sizeInBytes, isActive: true, year: 0 }]);
  return (
    <SectionCard title={title} description={description}>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label={title}>
          {files.map((file) => (
            <li key={file.resId} aria-label={file.fileName} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
              <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="break-all text-sm font-medium">{file.fileName}</p>
                <p className="text-xs text-muted-foreground">{formatBytes(file.fileSizeInBytes)}</p>
              </div>
              {withYear && (
                <Input
                  aria-label={`Year of ${file.fileName}`}
                  className="h-8 w-24"
                  type="number"
                  min={0}
                  max={9999}
                  step={1}
                  value={String(file.year)}
                  onChange={(event) => update(file.resId, { year: Math.max(0, Math.min(9999, Math.trunc(Number(event.target.value)) || 0)) })}
                />
              )}
              <SwitchField
                id={`active-${file.resId}`}
                label="Active"
                checked={file.isActive}
                onCheckedChange={(isActive) => update(file.resId, { isActive })}
              />
              <RemoveButton label={`Remove ${file.fileName}`} onClick={() => onChange(files.filter((other) => other.resId !== file.resId))} />
            </li>
          ))}
        </ul>
      )}
      <AssetUploader kind="pdf" label={`Add ${itemLabel} PDF`} className="justify-self-start" onUploaded={added} />
    </SectionCard>
  );
}
CourseFilesCard.displayName = 'CourseFilesCard';
