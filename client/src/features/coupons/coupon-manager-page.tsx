import { useCallback, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { SWITCH_BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import { COUPON_FILTER_COLUMNS, couponColumnTexts } from '../../../../shared/commerce/coupon-list.rules.ts';
import type { Coupon } from '../../../../shared/commerce/coupons.schema.ts';
import { AddButton } from '../../components/add-button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { IconActions } from '../../components/icon-button.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { COUPON_TARGET_LABELS, couponUsesText, couponWindowText, indiaDayTime } from './coupon-form.ts';
import { COUPON_ACTION_DELAY_MS, CouponModal } from './coupon-modal.tsx';

/** /admin/coupons: every discount coupon; create, edit (the code stays) and delete, or activate, deactivate or delete many at once. */
export function CouponManagerPage() {
  useDocumentTitle('Coupons');
  const utils = api.useUtils();
  const coupons = api.coupons.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const remove = api.coupons.delete.useMutation();
  const bulk = api.coupons.bulk.useMutation();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  /** Opens the coupon modal on a coupon, or on a new one. */
  const edit = useCallback((coupon: Coupon | null) => {
    setEditing(coupon);
    setModalOpen(true);
  }, []);

  const columns = useMemo<ColumnDef<Coupon, unknown>[]>(
    () => [
      {
        id: 'code',
        accessorFn: (coupon) => couponColumnTexts(coupon).code,
        header: 'Coupon Code',
        cell: ({ row }) => <span className="font-mono font-medium [overflow-wrap:anywhere]">{row.original.code}</span>,
      },
      {
        id: 'minOrder',
        header: 'Min. Order',
        accessorFn: (coupon) => couponColumnTexts(coupon).minOrder,
      },
      { id: 'type', header: 'Type', accessorFn: (coupon) => couponColumnTexts(coupon).type },
      { id: 'value', header: 'Value', accessorFn: (coupon) => couponColumnTexts(coupon).value },
      { id: 'impressions', header: 'Impressions', accessorFn: (coupon) => couponColumnTexts(coupon).impressions },
      { id: 'redemptions', header: 'Redemptions', accessorFn: (coupon) => couponColumnTexts(coupon).redemptions },
      { id: 'active', header: 'Is Active', accessorFn: (coupon) => couponColumnTexts(coupon).active },
      { id: 'uses', header: 'Uses', accessorFn: couponUsesText, cell: ({ row }) => <span className="whitespace-nowrap">{couponUsesText(row.original)}</span> },
      { id: 'perStudent', header: 'Per student', accessorFn: (coupon) => (coupon.perStudentLimit === null ? 'No limit' : String(coupon.perStudentLimit)) },
      {
        id: 'valid',
        header: 'Valid (IST)',
        accessorFn: couponWindowText,
        cell: ({ row }) => {
          const { validFrom, validUntil } = row.original;
          if (!validFrom && !validUntil) return 'Always';
          // Two short lines keep the column narrow (the header says IST); the spaces keep the cell's text readable as one line.
          const [first, second] =
            validFrom && validUntil
              ? [`${indiaDayTime(validFrom)} – `, indiaDayTime(validUntil)]
              : validFrom
                ? ['From ', indiaDayTime(validFrom)]
                : ['Until ', indiaDayTime(validUntil!)];
          return (
            <span className="grid whitespace-pre text-xs">
              <span>{first}</span>
              <span>{second}</span>
            </span>
          );
        },
      },
      {
        id: 'appliesTo',
        header: 'Applies to',
        accessorFn: (coupon) => (coupon.appliesTo.length === 0 ? 'All' : String(coupon.appliesTo.length)),
        cell: ({ row }) => {
          const targets = row.original.appliesTo;
          if (targets.length === 0) return 'All';
          const names = targets.map((target) => `${COUPON_TARGET_LABELS[target.type].one}: ${target.title ?? 'deleted since'}`).join('\n');
          return (
            <span title={names} className="cursor-help underline decoration-dotted underline-offset-2">
              {targets.length}
            </span>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        // Icon buttons (named for screen readers, titled for the mouse), as in the other wide tables, keep both in view at laptop widths.
        cell: ({ row }) => (
          <IconActions
            variant="outline"
            className="size-8"
            actions={[
              { icon: Pencil, title: 'Edit', label: `Edit ${row.original.code}`, onClick: () => edit(row.original) },
              { icon: Trash2, title: 'Delete', label: `Delete ${row.original.code}`, onClick: () => setDeleting(row.original), destructive: true },
            ]}
          />
        ),
      },
    ],
    [edit],
  );

  return (
    <ListPage
      heading="Discount Coupons"
      description="Codes students enter at checkout. A new coupon starts inactive: edit it to switch it on."
      actions={<AddButton label="New Coupon" onClick={() => edit(null)} />}
      query={coupons}
      failureTitle="Fetching course failed"
      label="Coupons"
      // Twelve columns: tighter cells keep Edit and Delete on screen at laptop widths.
      className="[&_td]:px-2 [&_th]:px-2"
      columns={columns}
      pageSize={100}
      filterColumns={COUPON_FILTER_COLUMNS}
      rowLabel={(coupon) => coupon.code}
      emptyMessage="No coupons yet"
      bulk={{
        noun: { one: 'coupon', many: 'coupons' },
        actions: SWITCH_BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.coupons.list.invalidate(),
      }}
      dialogs={
        <>
          <CouponModal open={modalOpen} onOpenChange={setModalOpen} coupon={editing} />
          <ConfirmModal
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete Coupon"
            text="This action cannot be undone. Do you want to delete this coupon?"
            cancelLabel="Cancel"
            confirmLabel="Confirm Delete"
            busyLabel="Deleting..."
            errorTitle="Item cannot be added"
            destructive
            onConfirm={async () => {
              if (!deleting) return;
              await delay(COUPON_ACTION_DELAY_MS);
              await remove.mutateAsync({ id: deleting._id });
              utils.coupons.list.setData(undefined, (old) => old?.filter((coupon) => coupon._id !== deleting._id));
              setDeleting(null);
            }}
          />
        </>
      }
    >
      <ExportButtons path="/api/admin/coupons/export" filters={{}} total={coupons.data?.length} noun="coupons" />
    </ListPage>
  );
}
CouponManagerPage.displayName = 'CouponManagerPage';
