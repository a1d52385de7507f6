import { useState } from 'react';
import { RefreshCw, Trash2, Upload } from 'lucide-react';
import { LAKSHYA_STUDENTS_USUAL_SORT, type LakshyaStudent } from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import { NO_MATCH_MESSAGE } from '../../components/data-table.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { NoticeModal } from '../../components/notice-modal.tsx';
import { ServerListTable } from '../../components/server-list/server-list-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AddOrUploadModal } from './add-or-upload-modal.tsx';
import { BulkImportModal } from './bulk-import-modal.tsx';
import { DeleteStudentsModal } from './delete-lakshya-students-modal.tsx';
import { LAKSHYA_STUDENT_COLUMN_COUNT, LakshyaStudentRow, LakshyaStudentsHead } from './lakshya-students-table.tsx';
import { StudentModal } from './lakshya-student-modal.tsx';
import { useLakshyaStudentsList } from './use-lakshya-students-list.ts';

/** /admin/lakshya/students: the lakshya-students list, a page at a time from the server; add, edit, import, delete. */
export function LakshyaStudentsPage() {
  useDocumentTitle('Lakshya Students');
  const list = useLakshyaStudentsList();
  const { rows } = list;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<LakshyaStudent | null>(null);
  const [studentOpen, setStudentOpen] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));

  const select = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const openStudent = (student: LakshyaStudent | null) => {
    setEditing(student);
    setStudentOpen(true);
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Lakshya Students</h1>
          <p className="text-sm text-muted-foreground">
            Special students: rate cards free to special students open for these numbers until their expiry date. Newest first; choose a heading to sort by it.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setChoosing(true)}>
            <Upload aria-hidden="true" />
            Add/Upload Student Data
          </Button>
          <Button variant="outline" aria-label="Refresh" disabled={list.refreshing} onClick={() => void list.refresh()}>
            {list.refreshing ? <Spinner size="sm" label="" /> : <RefreshCw aria-hidden="true" />}
          </Button>
          <Button variant="outline" disabled={rows.length === 0} onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row._id)))}>
            {allSelected ? 'Deselect all' : 'Select all'}
          </Button>
          <Button variant="destructive" disabled={selected.size === 0} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        </div>
      </div>
      <ExportButtons
        path="/api/admin/lakshya-students/export"
        filters={{ name: list.settled.name, phoneNumber: list.settled.phoneNumber, registered: list.settled.registered, sort: list.sort }}
        total={list.query.data?.total}
        noun="special students"
      />
      <ServerListTable
        label="Special students"
        head={<LakshyaStudentsHead filters={list.filters} setFilter={list.setFilter} sort={list.sort ?? LAKSHYA_STUDENTS_USUAL_SORT} onSort={list.setSort} />}
        colSpan={LAKSHYA_STUDENT_COLUMN_COUNT}
        query={list.query}
        count={rows.length}
        loadingLabel="Loading students"
        emptyText={list.filtered ? NO_MATCH_MESSAGE : 'No students yet'}
        pager={{ ...list.pager, noun: 'students' }}
      >
        {rows.map((student) => (
          <LakshyaStudentRow
            key={student._id}
            student={student}
            selected={selected.has(student._id)}
            onSelect={(checked) => select(student._id, checked)}
            onOpen={() => openStudent(student)}
          />
        ))}
      </ServerListTable>
      <AddOrUploadModal open={choosing} onOpenChange={setChoosing} onUpload={() => setImporting(true)} onAddOne={() => openStudent(null)} />
      <StudentModal open={studentOpen} onOpenChange={setStudentOpen} student={editing} onSaved={list.saved} />
      <BulkImportModal open={importing} onOpenChange={setImporting} onDone={list.imported} />
      <DeleteStudentsModal open={deleting} onOpenChange={setDeleting} selected={selected} onDeleted={() => setSelected(new Set())} onRefused={list.setNotice} />
      <NoticeModal notice={list.notice} onClose={() => list.setNotice(null)} />
    </div>
  );
}
LakshyaStudentsPage.displayName = 'LakshyaStudentsPage';
