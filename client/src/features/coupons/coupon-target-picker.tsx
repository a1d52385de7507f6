import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { CouponTargetType } from '../../../../shared/commerce/coupon-use.rules.ts';
import { PICKER_RETRY_DELAY_MS, PickerDialog, retryPickerLoad, type PickerQuery } from '../../components/picker-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { api } from '../../lib/trpc.ts';
import { COUPON_TARGET_LABELS } from './coupon-form.ts';

/** A row of the picker: any kind of target, with what tells two of the same title apart. */
interface TargetOption {
  _id: string;
  title: string;
  /** A rate card's term and price; a resource's publishing state. */
  detail: { kind: 'price'; text: string } | { kind: 'published'; published: boolean };
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

function publishedOptions(items: Array<{ _id: string; title: string; isPublished: boolean }> | undefined): TargetOption[] | undefined {
  return items?.map((item) => ({ _id: item._id, title: item.title, detail: { kind: 'published', published: item.isPublished } }));
}

const columns: ColumnDef<TargetOption, unknown>[] = [
  { id: 'title', accessorKey: 'title', header: 'Title', cell: ({ row }) => <span className="font-medium [overflow-wrap:anywhere]">{row.original.title}</span> },
  {
    id: 'detail',
    header: 'Details',
    cell: ({ row }) => {
      const { detail } = row.original;
      if (detail.kind === 'price') return <span className="whitespace-nowrap text-muted-foreground">{detail.text}</span>;
      return detail.published ? <Badge variant="success">Published</Badge> : <Badge variant="destructive">Unpublished</Badge>;
    },
  },
];

export interface CouponTargetPickerProps {
  /** The kind being chosen; null while closed. */
  type: CouponTargetType | null;
  onClose: () => void;
  /** Ticked when it opens: the ones of this kind the coupon names already. */
  selectedIds: readonly string[];
  /** Told the chosen items of this kind; the picker then closes. */
  onConfirm: (type: CouponTargetType, chosen: Array<{ _id: string; title: string }>) => void;
}

/**
 * The rate cards, courses, exams, lectures or rank files a coupon can be limited to, one kind at a
 * time, from the lists every role that opens coupons may read. Only the open kind is loaded.
 */
export function CouponTargetPicker({ type, onClose, selectedIds, onConfirm }: CouponTargetPickerProps) {
  const options = (kind: CouponTargetType) => ({ enabled: type === kind, retry: retryPickerLoad, retryDelay: PICKER_RETRY_DELAY_MS });
  const cards = api.subscriptions.list.useQuery(undefined, options('subscription'));
  const courses = api.courses.list.useQuery(undefined, options('course'));
  const exams = api.exams.list.useQuery(undefined, options('exam'));
  const lectures = api.lectures.list.useQuery(undefined, options('lecture'));
  const rankFiles = api.rankFiles.list.useQuery(undefined, options('rankfile'));

  const kind = type ?? 'subscription';
  const source = { subscription: cards, course: courses, exam: exams, lecture: lectures, rankfile: rankFiles }[kind];
  const data = useMemo<TargetOption[] | undefined>(() => {
    if (kind === 'subscription') {
      return cards.data?.map((card) => ({
        _id: card._id,
        title: card.title,
        detail: { kind: 'price', text: `${card.subscriptionTerm} · ${card.isFree ? 'Free' : inr.format(card.netAmount)}` },
      }));
    }
    return publishedOptions({ course: courses.data, exam: exams.data, lecture: lectures.data, rankfile: rankFiles.data }[kind]);
  }, [kind, cards.data, courses.data, exams.data, lectures.data, rankFiles.data]);

  const query: PickerQuery<TargetOption> = {
    data,
    isPending: source.isPending,
    isError: source.isError,
    error: source.error,
    failureCount: source.failureCount,
    failureReason: source.failureReason,
    refetch: source.refetch,
  };
  const labels = COUPON_TARGET_LABELS[kind];

  return (
    <PickerDialog
      open={type !== null}
      onOpenChange={(open) => !open && onClose()}
      selection="multiple"
      title={`Select ${labels.many}`}
      description={`Tick every ${labels.one.toLowerCase()} the coupon applies to.`}
      itemsLabel={labels.many.toLowerCase()}
      query={query}
      columns={columns}
      initialSelectedIds={selectedIds}
      onConfirm={(chosen) => onConfirm(kind, chosen)}
    />
  );
}
CouponTargetPicker.displayName = 'CouponTargetPicker';
