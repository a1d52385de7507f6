import { keepPreviousData } from '@tanstack/react-query';
import type { RESOURCE_TYPES } from '../../../../shared/commerce/checkout.schema.ts';
import { TITLE_SEARCH_PAGE_SIZE, type ResourceOption } from '../../../../shared/commerce/orders.schema.ts';
import { pickerQueryOptions } from '../../components/picker-dialog.tsx';
import { ServerPickerDialog, type ServerPickerInput } from '../../components/server-picker-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { api } from '../../lib/trpc.ts';

type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_LABELS = {
  course: { one: 'Course', many: 'courses' },
  exam: { one: 'Exam', many: 'exams' },
  lecture: { one: 'Lecture', many: 'lectures' },
  rankfile: { one: 'Rank file', many: 'rank files' },
} as const;

export interface ResourcePickerProps {
  /** The kind being chosen; null while closed. */
  type: ResourceType | null;
  onClose: () => void;
  selected: ResourceOption | null;
  onConfirm: (chosen: ResourceOption) => void;
}

/** One course, exam, lecture or rank file for a manual order, found by title on the server. */
export function ResourcePicker({ type, onClose, selected, onConfirm }: ResourcePickerProps) {
  const kind = type ?? 'course';
  const labels = RESOURCE_LABELS[kind];
  const usePage = ({ search, page }: ServerPickerInput, enabled: boolean) =>
    api.orders.resources.useQuery(
      { resourceType: kind, page, pageSize: TITLE_SEARCH_PAGE_SIZE, ...(search ? { search } : {}) },
      { ...pickerQueryOptions(enabled), placeholderData: keepPreviousData },
    );
  return (
    <ServerPickerDialog<ResourceOption>
      open={type !== null}
      onOpenChange={(open) => !open && onClose()}
      selection="single"
      title={`Select ${labels.one === 'Exam' ? 'an' : 'a'} ${labels.one.toLowerCase()}`}
      description={`Search by title and tick the ${labels.one.toLowerCase()} the student gets.`}
      itemsLabel={labels.many}
      pageSize={TITLE_SEARCH_PAGE_SIZE}
      usePage={usePage}
      renderDetail={(item) => (item.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="destructive">Unpublished</Badge>)}
      initialSelected={selected && selected.resourceType === kind ? [selected] : []}
      onConfirm={(chosen) => chosen[0] && onConfirm(chosen[0])}
    />
  );
}
ResourcePicker.displayName = 'ResourcePicker';
