import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'wouter';

/** A record's title in a list, as the way into its editor. */
export function EditorLink({ href, title }: { href: string; title: string }) {
  return (
    <Link href={href} className="font-medium text-primary hover:underline">
      {title}
    </Link>
  );
}
EditorLink.displayName = 'EditorLink';

/** A list's title column, each title a link to the record's editor. */
export function editorLinkColumn<Row extends { _id: string; title: string }>(header: string, editorPath: (id: string) => string): ColumnDef<Row, unknown> {
  return {
    id: 'title',
    accessorFn: (row) => row.title,
    header,
    cell: ({ row }) => <EditorLink href={editorPath(row.original._id)} title={row.original.title} />,
  };
}
