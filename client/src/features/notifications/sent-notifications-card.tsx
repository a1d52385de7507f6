import { ExportButtons } from '../../components/export-buttons.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/trpc.ts';
import { TARGET_LABELS } from '../../../../shared/push/push.schema.ts';

/** How many of the latest notifications the card shows (and its export holds). */
const SHOWN = 50;

/** The push notifications sent lately, with what became of them. */
export function SentNotificationsCard() {
  const sent = api.push.sent.useQuery({ limit: SHOWN }, { staleTime: Infinity });
  return (
    <SectionCard
      title="Sent notifications"
      description="Push notifications sent to students, newest first: how many devices each went to, and what became of them."
    >
      <ExportButtons path="/api/admin/notifications/sent/export" filters={{ limit: String(SHOWN) }} total={sent.data?.length} noun="sent notifications" />
      {sent.isError && <LoadFailure title="Fetching data failed" error={sent.error} onRetry={sent.refetch} />}
      <Table aria-label="Sent notifications">
        <TableHeader>
          <TableRow>
            {['Title', 'To', 'Targeted', 'Delivered', 'Gone', 'Failed', 'Pending'].map((heading) => (
              <TableHead key={heading}>{heading}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {(sent.data ?? []).length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className="h-16 text-left text-muted-foreground sm:text-center">
                {sent.isPending ? 'Loading...' : 'Nothing sent yet'}
              </TableCell>
            </TableRow>
          ) : (
            sent.data!.map((notification) => (
              <TableRow key={notification._id}>
                <TableCell>
                  <span className="font-medium">{notification.title}</span>
                  <span className="block text-xs text-muted-foreground">{notification.body}</span>
                </TableCell>
                <TableCell>
                  {TARGET_LABELS[notification.targetType]}
                  <span className="block text-xs text-muted-foreground">
                    {notification.targetPhoneNumber ?? notification.targetCourse?.title ?? notification.groupTargets.join(', ')}
                  </span>
                </TableCell>
                <TableCell>{notification.targeted}</TableCell>
                <TableCell>{notification.delivered}</TableCell>
                <TableCell>{notification.gone}</TableCell>
                <TableCell>{notification.failed}</TableCell>
                <TableCell>{notification.pending}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </SectionCard>
  );
}
SentNotificationsCard.displayName = 'SentNotificationsCard';
