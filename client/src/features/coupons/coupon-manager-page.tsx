import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { DISCOUNT_TYPE_LABELS, type Coupon } from '../../../../shared/commerce/coupons.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { COUPON_ACTION_DELAY_MS, CouponModal } from './coupon-modal.tsx';

const inr = (rupees: number) => `INR ${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** /admin/coupons: every discount coupon; create, edit (the code stays) and delete. */
export function CouponManagerPage() {
  useDocumentTitle('Coupons');
  const utils = api.useUtils();
  // A failed listing is asked for again after 100 ms.
  const coupons = api.coupons.list.useQuery(undefined, { retryDelay: 100 });
  const remove = api.coupons.delete.useMutation();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);

  const columns = useMemo<ColumnDef<Coupon, unknown>[]>(
    () => [
      { id: 'code', accessorKey: 'code', header: 'Coupon Code', cell: ({ row }) => <span className="font-mono font-medium">{row.original.code}</span> },
      {
        id: 'minOrder',
        header: 'Min. Order',
        accessorFn: (coupon) => (coupon.minOrderAmount === -1 ? 'No minimum' : inr(coupon.minOrderAmount)),
      },
      { id: 'type', header: 'Type', accessorFn: (coupon) => DISCOUNT_TYPE_LABELS[coupon.discountType] },
      { id: 'value', header: 'Value', accessorFn: (coupon) => (coupon.discountType === 'rate' ? `${coupon.value}%` : inr(coupon.value)) },
      { id: 'impressions', header: 'Impressions', accessorFn: (coupon) => String(coupon.impressions) },
      { id: 'redemptions', header: 'Redemptions', accessorFn: (coupon) => String(coupon.redemptions) },
      { id: 'active', header: 'Is Active', accessorFn: (coupon) => String(coupon.isActive) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <span className="flex gap-1">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Edit ${row.original.code}`}
              onClick={() => {
                setEditing(row.original);
                setModalOpen(true);
              }}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" size="sm" className="text-destructive" aria-label={`Delete ${row.original.code}`} onClick={() => setDeleting(row.original)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </span>
        ),
      },
    ],
    [],
  );

  return (
    <ListPage
      heading="Discount Coupons"
      description="Codes students enter at checkout. A new coupon starts inactive: edit it to switch it on."
      actions={
        <Button
          onClick={() => {
            setEditing(null);
            setModalOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          New Coupon
        </Button>
      }
      query={coupons}
      failureTitle="Fetching course failed"
      label="Coupons"
      columns={columns}
      pageSize={100}
      minRows={3}
      filterColumns={['code', 'minOrder', 'type', 'value', 'impressions', 'redemptions', 'active']}
      emptyMessage="No coupons yet"
      getRowId={(coupon) => coupon._id}
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
    />
  );
}
CouponManagerPage.displayName = 'CouponManagerPage';
