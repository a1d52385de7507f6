import type { QueueItem } from '../../../../shared/assets/assets.schema.ts';

/**
 * The queue's "File ID" cell: what the file is used under (the lecture's title), then
 * the file's own name in smaller muted text, then its id. A file no lecture uses is
 * named by its file name alone.
 */
export function QueueFileCell({ item }: { item: Pick<QueueItem, 'title' | 'fileName' | 'fileId'> }) {
  return (
    <div className="grid min-w-40 max-w-[16rem] gap-0.5">
      <span className="line-clamp-2 font-medium" title={item.title}>
        {item.title}
      </span>
      {item.fileName !== item.title && (
        <span className="truncate text-xs text-muted-foreground" title={item.fileName}>
          {item.fileName}
        </span>
      )}
      <span className="break-all font-mono text-[0.7rem] text-muted-foreground">{item.fileId}</span>
    </div>
  );
}
QueueFileCell.displayName = 'QueueFileCell';
