import { publicVisibilityText } from '../../../../shared/winners/winner-publish.rules.ts';
import type { Winner } from '../../../../shared/winners/winners.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { rupees } from '../../../../shared/winners/winner-list.rules.ts';
import { WinnerNameCell } from './winner-columns.tsx';

const HEADINGS = ['Photo / Name', 'Public Visibility', 'Is Active', 'Rank', 'Prize Amount (INR)', 'Beneficiary GPay / UPI ID', 'Beneficiary Name', ''];

/** 'Active Announcement': the one announcement students see now, with Deactivate. */
export function ActiveAnnouncementCard({ winner, onDeactivate }: { winner: Winner; onDeactivate: () => void }) {
  return (
    <SectionCard title="Active Announcement">
      <Table aria-label="Active Announcement">
        <TableHeader>
          <TableRow>
            {HEADINGS.map((heading) => (
              <TableHead key={heading || 'actions'}>{heading || <span className="sr-only">Actions</span>}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>
              <WinnerNameCell winner={winner} />
            </TableCell>
            <TableCell>{publicVisibilityText(winner)}</TableCell>
            <TableCell>Yes</TableCell>
            <TableCell>{winner.rank}</TableCell>
            <TableCell>{rupees(winner.prizeAmount)}</TableCell>
            <TableCell>{winner.googlePayOrUPI || '—'}</TableCell>
            <TableCell>{winner.beneficiaryName || '—'}</TableCell>
            <TableCell>
              <Button variant="outline" size="sm" onClick={onDeactivate}>
                Deactivate
              </Button>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </SectionCard>
  );
}
ActiveAnnouncementCard.displayName = 'ActiveAnnouncementCard';
