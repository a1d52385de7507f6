import { useState } from 'react';
import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { Copy } from 'lucide-react';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import { TEMPLATE_IDS, type TemplateId } from '../../../../shared/exams/exam.constants.ts';
import type { ExamListEntry } from '../../../../shared/exams/exams.schema.ts';
import { editorLinkColumn } from '../../components/editor-shell/editor-link-column.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/utils.ts';
import { CopyExamModal } from './copy-exam-modal.tsx';
import { CreateExamModal } from './create-exam-modal.tsx';
import { examListColumns } from './exam-cells.tsx';
import { TEMPLATE_LABELS } from './exam-labels.ts';
import { examEditorPath, examManagerPath } from './exam-paths.ts';

const columns: ColumnDef<ExamListEntry, unknown>[] = [editorLinkColumn('Exams', examEditorPath), ...examListColumns('Date Created')];

function TemplateLinks({ current }: { current: TemplateId | undefined }) {
  const links: Array<{ templateId: TemplateId | undefined; label: string }> = [
    { templateId: undefined, label: 'All exams' },
    ...TEMPLATE_IDS.map((templateId) => ({ templateId, label: TEMPLATE_LABELS[templateId] })),
  ];
  return (
    <nav aria-label="Templates" className="flex flex-wrap gap-1 border-b">
      {links.map((link) => {
        const active = link.templateId === current;
        return (
          <Link
            key={link.label}
            href={examManagerPath(link.templateId)}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'border-b-2 px-3 py-2 text-sm font-medium',
              active ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** /admin/exams and /admin/exams/{templateId}: every exam, or one template's, with create and copy. */
export function ExamManagerPage({ templateId }: { templateId?: TemplateId }) {
  useDocumentTitle('Exams');
  const exams = api.exams.list.useQuery(templateId ? { templateId } : undefined);
  const [copying, setCopying] = useState(false);
  const utils = api.useUtils();
  const bulk = api.exams.bulk.useMutation();
  return (
    <ListPage
      heading="Exam Manager"
      description="Mock tests, revision tests and other exams with their question groups and rankings."
      actions={
        <Button variant="outline" onClick={() => setCopying(true)}>
          <Copy aria-hidden="true" />
          Copy Exam
        </Button>
      }
      add={{ label: 'Create Exam', Dialog: CreateExamModal }}
      query={exams}
      failureTitle="Fetching course failed"
      label="Exams"
      columns={columns}
      emptyMessage={templateId ? `No exams from the ${TEMPLATE_LABELS[templateId]} template yet` : 'No exams yet'}
      dialogs={<CopyExamModal open={copying} onOpenChange={setCopying} />}
      bulk={{
        noun: { one: 'exam', many: 'exams' },
        actions: BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.exams.list.invalidate(),
        ...(templateId ? { listFilter: { templateId } } : {}),
      }}
    >
      <TemplateLinks current={templateId} />
    </ListPage>
  );
}
ExamManagerPage.displayName = 'ExamManagerPage';
