import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CopyPlus } from 'lucide-react';
import { canEditCourses } from '../../../../shared/auth/roles.ts';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import type { CourseListEntry } from '../../../../shared/courses/courses.schema.ts';
import { EditorLink } from '../../components/editor-shell/editor-link-column.tsx';
import { publishedStatusColumn } from '../../components/list-columns.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentUser } from '../auth/session.ts';
import { AddCourseModal } from './add-course-modal.tsx';
import { courseEditorPath } from './course-paths.ts';
import { DuplicateCourseModal } from './duplicate-course-modal.tsx';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

function courseColumns(canEdit: boolean, onDuplicate: (course: CourseListEntry) => void): ColumnDef<CourseListEntry, unknown>[] {
  return [
    {
      id: 'title',
      accessorKey: 'title',
      header: 'Title',
      // Marketing reads titles for campaigns: plain text, not a way into the editor.
      cell: ({ row }) =>
        canEdit ? (
          <EditorLink href={courseEditorPath(row.original._id)} title={row.original.title} />
        ) : (
          <span className="font-medium">{row.original.title}</span>
        ),
    },
    publishedStatusColumn(),
    { id: 'id', header: 'Id', accessorKey: '_id', cell: ({ row }) => <span className="break-all font-mono text-xs">{row.original._id}</span> },
    {
      id: 'subscription',
      header: 'Subscription',
      accessorFn: (course) => course.courseRateCard?.title ?? '',
      cell: ({ row }) => {
        const card = row.original.courseRateCard;
        return card ? (
          <span>
            {card.title} <span className="text-muted-foreground">({inr.format(card.netAmount)})</span>
          </span>
        ) : (
          <span className="text-muted-foreground">No subscription</span>
        );
      },
    },
    {
      id: 'promotions',
      header: 'Promotions',
      accessorFn: (course) => [course.isBestSelling ? 'Best seller' : '', ...course.cmsTags].join(' '),
      cell: ({ row }) => {
        const { isBestSelling, cmsTags } = row.original;
        if (!isBestSelling && cmsTags.length === 0) return <span className="text-muted-foreground">None</span>;
        return (
          <span className="flex flex-wrap gap-1">
            {isBestSelling && <Badge variant="warning">Best seller</Badge>}
            {cmsTags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        canEdit ? (
          <Button variant="outline" size="sm" aria-label={`Duplicate ${row.original.title}`} onClick={() => onDuplicate(row.original)}>
            <CopyPlus aria-hidden="true" />
            Duplicate
          </Button>
        ) : null,
    },
  ];
}

/** /admin/courses: every course with its status, rate card and promotions; add, duplicate, and publish, unpublish or delete many at once. */
export function CourseManagerPage() {
  useDocumentTitle('Courses');
  const roles = useCurrentUser().data?.roles ?? [];
  const canEdit = canEditCourses(roles);
  const courses = api.courses.list.useQuery();
  const utils = api.useUtils();
  const bulk = api.courses.bulk.useMutation();
  const [duplicating, setDuplicating] = useState<CourseListEntry | null>(null);
  const columns = useMemo(() => courseColumns(canEdit, setDuplicating), [canEdit]);

  return (
    <ListPage
      heading="Course Manager"
      description="What students buy: subjects of lectures on a day-by-day plan, with exams and rank lists."
      add={canEdit && { label: 'Add Course', Dialog: AddCourseModal }}
      query={courses}
      failureTitle="Fetching course failed"
      label="Courses"
      columns={columns}
      emptyMessage="No courses yet"
      // Marketing reads the list only: no checkboxes.
      bulk={
        canEdit && {
          noun: { one: 'course', many: 'courses' },
          actions: BULK_ACTIONS,
          run: (request) => bulk.mutateAsync(request),
          onSettled: () => utils.courses.list.invalidate(),
        }
      }
      dialogs={<DuplicateCourseModal course={duplicating} onOpenChange={(open) => !open && setDuplicating(null)} />}
    />
  );
}
CourseManagerPage.displayName = 'CourseManagerPage';
