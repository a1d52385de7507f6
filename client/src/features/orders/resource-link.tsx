import { Link } from 'wouter';
import type { AdminOrder } from '../../../../shared/commerce/orders.schema.ts';
import { courseEditorPath } from '../courses/course-paths.ts';
import { examEditorPath } from '../exams/exam-paths.ts';
import { lectureEditorPath } from '../lectures/lecture-paths.ts';
import { rankFileEditorPath } from '../rank-files/rank-file-paths.ts';

const PATHS = { course: courseEditorPath, exam: examEditorPath, lecture: lectureEditorPath, rankfile: rankFileEditorPath } as const;
const LABELS = { course: 'Course', exam: 'Exam', lecture: 'Lecture', rankfile: 'Rank file' } as const;

/** The bought resource, linked to its editor by its type. */
export function ResourceLink({ order }: { order: AdminOrder }) {
  if (!order.resourceType || !order.resourceId) return <span className="text-muted-foreground">Rate card</span>;
  return (
    <span className="grid">
      <span className="text-xs text-muted-foreground">{LABELS[order.resourceType]}</span>
      <Link href={PATHS[order.resourceType](order.resourceId)} className="text-primary hover:underline">
        {order.resourceTitle ?? order.resourceId}
      </Link>
    </span>
  );
}
ResourceLink.displayName = 'ResourceLink';
