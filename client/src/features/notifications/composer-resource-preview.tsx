import { BellRing } from 'lucide-react';
import type { ComposerResource } from './use-composer-draft.ts';

/** What tapping the notification opens, read-only: its image and resource. */
export function ComposerResourcePreview({ resource }: { resource: ComposerResource }) {
  return (
    <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-3">
      {resource.imageUrl ? (
        <img src={resource.imageUrl} alt="Preview" className="h-14 w-20 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-14 w-20 items-center justify-center rounded bg-muted text-muted-foreground">
          <BellRing className="size-5" />
        </span>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
        <dt className="text-muted-foreground">Resource type</dt>
        <dd>{resource.resourceType}</dd>
        <dt className="text-muted-foreground">Resource ID</dt>
        <dd className="break-all font-mono">{resource.resourceID}</dd>
        <dt className="text-muted-foreground">Click action</dt>
        <dd>{resource.clickAction}</dd>
        {resource.linkUrl && (
          <>
            <dt className="text-muted-foreground">Link</dt>
            <dd className="break-all">{resource.linkUrl}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
ComposerResourcePreview.displayName = 'ComposerResourcePreview';
