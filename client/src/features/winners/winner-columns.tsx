import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { Trophy } from 'lucide-react';
import { winnerDisplayName } from '../../../../shared/winners/winner-publish.rules.ts';
import { winnerColumnTexts } from '../../../../shared/winners/winner-list.rules.ts';
import type { Winner } from '../../../../shared/winners/winners.schema.ts';
import { publishedStatusColumn } from '../../components/list-columns.tsx';
import { winnerEditorPath } from './winner-paths.ts';

/** The photo (or a trophy) and the winner's name, linking to the editor. */
export function WinnerNameCell({ winner }: { winner: Winner }) {
  return (
    <Link href={winnerEditorPath(winner._id)} className="flex items-center gap-3 font-medium text-primary hover:underline">
      {winner.photoUrl ? (
        <img src={winner.photoUrl} alt="" loading="lazy" className="size-10 shrink-0 rounded-full border object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full border bg-muted text-muted-foreground">
          <Trophy className="size-4" />
        </span>
      )}
      <span className="line-clamp-2 min-w-20 max-w-40 break-words [overflow-wrap:anywhere]">{winnerDisplayName(winner.winnerName)}</span>
    </Link>
  );
}

const dash = (text: string) => text || <span className="text-muted-foreground">—</span>;

/** The main table's columns; the last one (Activate / Deactivate) is added by the page. */
export const winnerColumns: ColumnDef<Winner, unknown>[] = [
  {
    id: 'name',
    header: 'Photo / Name',
    accessorFn: (winner) => winnerColumnTexts(winner).name,
    cell: ({ row }) => <WinnerNameCell winner={row.original} />,
  },
  publishedStatusColumn(),
  { id: 'active', header: 'Is Activated', accessorFn: (winner) => winnerColumnTexts(winner).active },
  { id: 'rank', header: 'Rank', accessorFn: (winner) => winnerColumnTexts(winner).rank },
  { id: 'prize', header: 'Prize Amount', accessorFn: (winner) => winnerColumnTexts(winner).prize },
  {
    id: 'upi',
    header: 'Beneficiary GPAY / UPI ID',
    accessorFn: (winner) => winnerColumnTexts(winner).upi,
    cell: ({ row }) => dash(row.original.googlePayOrUPI),
  },
  {
    id: 'beneficiary',
    header: 'Beneficiary Name',
    accessorFn: (winner) => winnerColumnTexts(winner).beneficiary,
    cell: ({ row }) => dash(row.original.beneficiaryName),
  },
];
