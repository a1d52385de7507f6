import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink, Pencil, Send, Trash2 } from 'lucide-react';
import type { MeetingLink } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { IconActions } from '../../components/icon-button.tsx';
import type { Notice } from '../../components/notice-modal.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { formatMeetingTime } from './meeting-time.ts';

export const FAILURE_TITLE = 'Fetching Meetings failed';

/** What a row's buttons do; each is given the row's link (a failed switch, its notice). */
export interface MeetingLinkRowActions {
  onEdit: (link: MeetingLink) => void;
  onAnnounce: (link: MeetingLink) => void;
  onRemove: (link: MeetingLink) => void;
  onFailure: (notice: Notice) => void;
}

/** The meeting links table's columns, with the switch between active and inactive in its own column. */
export function useMeetingLinkColumns({ onEdit, onAnnounce, onRemove, onFailure }: MeetingLinkRowActions): ColumnDef<MeetingLink, unknown>[] {
  const utils = api.useUtils();
  const toggle = api.meetingLinks.toggle.useMutation();
  return useMemo<ColumnDef<MeetingLink, unknown>[]>(
    () => [
      {
        id: 'title',
        accessorKey: 'title',
        header: 'Name',
        cell: ({ row }) => <span className="block min-w-28 max-w-56 break-words font-medium">{row.original.title}</span>,
      },
      {
        id: 'url',
        accessorKey: 'url',
        header: 'URL',
        cell: ({ row }) => (
          // One line however long the address: the whole of it is in the tooltip and the link.
          <a
            href={row.original.url}
            target="_blank"
            rel="noopener noreferrer"
            title={row.original.url}
            className="flex w-44 items-center gap-1 text-primary hover:underline"
          >
            <span className="truncate">{row.original.url}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
        ),
      },
      {
        id: 'active',
        header: 'Is Active',
        accessorFn: (link) => (link.isActive ? 'Active' : 'Inactive'),
        cell: ({ row }) => {
          const link = row.original;
          const busy = toggle.isPending && toggle.variables?.id === link._id;
          return (
            <span className="flex flex-wrap items-center gap-2">
              {link.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Inactive</Badge>}
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`${link.isActive ? 'Make Inactive' : 'Make Active'}: ${link.title}`}
                onClick={() =>
                  toggle.mutate(
                    { id: link._id },
                    {
                      onSettled: () => void utils.meetingLinks.list.invalidate(),
                      onError: (error) => onFailure({ kind: 'error', title: FAILURE_TITLE, text: errorMessage(error) }),
                    },
                  )
                }
              >
                {link.isActive ? 'Make Inactive' : 'Make Active'}
              </Button>
            </span>
          );
        },
      },
      {
        id: 'courses',
        header: 'Courses',
        accessorFn: (link) => link.courses.map((course) => course.title).join(', '),
        cell: ({ row }) =>
          row.original.courses.length === 0 ? (
            <span className="text-muted-foreground">No course (staff only)</span>
          ) : (
            <ul className="flex min-w-28 max-w-44 flex-wrap gap-1">
              {row.original.courses.map((course) => (
                <li key={course._id}>
                  <Badge variant="secondary" className="font-normal">
                    {course.title}
                  </Badge>
                </li>
              ))}
            </ul>
          ),
      },
      { id: 'start', header: 'Start date', accessorFn: (link) => formatMeetingTime(link.startDate) },
      { id: 'end', header: 'End date', accessorFn: (link) => formatMeetingTime(link.endDate) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <IconActions
            variant="ghost"
            actions={[
              { icon: Pencil, title: 'Edit', label: `Edit ${row.original.title}`, onClick: () => onEdit(row.original) },
              { icon: Send, title: 'Send notification', label: `Send notification: ${row.original.title}`, onClick: () => onAnnounce(row.original) },
              { icon: Trash2, title: 'Remove', label: `Remove ${row.original.title}`, onClick: () => onRemove(row.original), destructive: true },
            ]}
          />
        ),
      },
    ],
    [toggle, utils, onEdit, onAnnounce, onRemove, onFailure],
  );
}
