import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { RefreshCw, Trash2, Upload } from 'lucide-react';
import { importIssueText, SPECIAL_STUDENT_MESSAGES } from '../../../../shared/students/special-students.rules.ts';
import { SPECIAL_STUDENTS_PAGE_SIZE, type ImportResult, type SpecialStudent } from '../../../../shared/students/special-students.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { NO_MATCH_MESSAGE } from '../../components/data-table.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { delay } from '../../lib/delay.ts';
import { errorWarnings, serverMessageOf } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { BulkImportModal } from './bulk-import-modal.tsx';
import { StudentModal } from './student-modal.tsx';

/** The pause before the list is asked for again, as the specification has it. */
export const REFRESH_DELAY_MS = 700;


/** What a refused save or delete shows: the warnings, or the message, or "Unknown error". */
function warningsNotice(error: unknown): Notice {
  const warnings = errorWarnings(error);
  if (warnings.length > 0) return { kind: 'error', title: 'Warnings!', warnings, warningsIntro: SPECIAL_STUDENT_MESSAGES.processFailed };
  return { kind: 'error', title: 'Warnings!', warnings: [serverMessageOf(error) ?? 'Unknown error'], warningsIntro: SPECIAL_STUDENT_MESSAGES.processFailed };
}

/** /admin/lakshya/students: the special-students list, a page at a time from the server; add, edit, import, delete. */
export function SpecialStudentsPage() {
  useDocumentTitle('Lakshya Students');
  const utils = api.useUtils();
  const [page, setPage] = useState(1);
  const [nameText, setNameText] = useState('');
  const [phoneText, setPhoneText] = useState('');
  const [registered, setRegistered] = useState<'' | 'yes' | 'no'>('');
  const name = useSettled(nameText);
  const phoneNumber = useSettled(phoneText);
  useEffect(() => setPage(1), [name, phoneNumber, registered]);
  const input = { page, pageSize: SPECIAL_STUDENTS_PAGE_SIZE, ...(name.trim() ? { name: name.trim() } : {}), ...(phoneNumber.trim() ? { phoneNumber: phoneNumber.trim() } : {}), ...(registered ? { registered } : {}) };
  const list = api.specialStudents.list.useQuery(input, { placeholderData: keepPreviousData, retryDelay: 100 });
  const remove = api.specialStudents.delete.useMutation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<SpecialStudent | null>(null);
  const [studentOpen, setStudentOpen] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = list.data?.students ?? [];
  const total = list.data?.total ?? 0;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const filtered = Boolean(name.trim() || phoneNumber.trim() || registered);

  const refresh = async () => {
    setRefreshing(true);
    await delay(REFRESH_DELAY_MS);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) setNotice({ kind: 'error', title: 'Refresh Failed', text: serverMessageOf(result.error) ?? 'Unknown error' });
  };

  const imported = (result: ImportResult) => {
    if (result.hasIssues) {
      const more = result.moreIssues > 0 ? [`…and ${result.moreIssues} more`] : [];
      setNotice({ kind: 'error', title: 'Import Cancelled', warnings: [...result.issues.map(importIssueText), ...more], warningsIntro: SPECIAL_STUDENT_MESSAGES.importCancelled });
      return;
    }
    setNotice({ kind: 'success', title: 'Import complete', text: `${result.imported.toLocaleString('en-IN')} students were added.` });
    void utils.specialStudents.list.invalidate();
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Lakshya Students</h1>
          <p className="text-sm text-muted-foreground">Special students: rate cards free to special students open for these numbers until their expiry date.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setChoosing(true)}>
            <Upload aria-hidden="true" />
            Add/Upload Student Data
          </Button>
          <Button variant="outline" aria-label="Refresh" disabled={refreshing} onClick={() => void refresh()}>
            {refreshing ? <Spinner size="sm" label="" /> : <RefreshCw aria-hidden="true" />}
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
      {list.isError && <LoadFailure title="Fetching data failed" error={list.error} onRetry={list.refetch} />}
      <div className="rounded-lg border bg-card">
        <Table aria-label="Special students">
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <span className="sr-only">Selected</span>
              </TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Registration</TableHead>
              <TableHead>Phone Number</TableHead>
              <TableHead>Expiry Date</TableHead>
            </TableRow>
            <TableRow>
              <TableHead />
              <TableHead>
                <Input aria-label="Filter Name" placeholder="Filter" className="h-8" maxLength={200} value={nameText} onChange={(event) => setNameText(event.target.value)} />
              </TableHead>
              <TableHead>
                <NativeSelect aria-label="Filter Registration" className="h-8" value={registered} onChange={(event) => setRegistered(event.target.value as typeof registered)}>
                  <option value="">All</option>
                  <option value="yes">Yes</option>
                  <option value="no">Not Registered</option>
                </NativeSelect>
              </TableHead>
              <TableHead>
                <Input aria-label="Filter Phone Number" placeholder="Filter" className="h-8" maxLength={40} value={phoneText} onChange={(event) => setPhoneText(event.target.value)} />
              </TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={5} isPending={list.isPending} count={rows.length} loadingLabel="Loading students" emptyText={filtered ? NO_MATCH_MESSAGE : 'No students yet'}>
              {rows.map((student) => (
                <TableRow key={student._id}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Select ${student.name}`}
                      checked={selected.has(student._id)}
                      onChange={(event) =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(student._id);
                          else next.delete(student._id);
                          return next;
                        })
                      }
                    />
                  </TableCell>
                  <TableCell>
                    <button
                      type="button"
                      className="font-medium text-primary hover:underline"
                      onClick={() => {
                        setEditing(student);
                        setStudentOpen(true);
                      }}
                    >
                      {student.name}
                    </button>
                  </TableCell>
                  <TableCell>{student.user ? 'Yes' : <span className="text-muted-foreground">Not Registered</span>}</TableCell>
                  <TableCell className="font-mono">{student.phoneNumber}</TableCell>
                  <TableCell>{student.expiryDate ?? <span className="text-muted-foreground">Not Specified</span>}</TableCell>
                </TableRow>
              ))}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={SPECIAL_STUDENTS_PAGE_SIZE} total={total} noun="students" onPage={setPage} />
      </div>
      <Dialog open={choosing} onOpenChange={setChoosing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add/Upload Student Data</DialogTitle>
            <DialogDescription>Add one student by hand, or upload a CSV of many.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                setChoosing(false);
                setImporting(true);
              }}
            >
              Upload a CSV
            </Button>
            <Button
              onClick={() => {
                setChoosing(false);
                setEditing(null);
                setStudentOpen(true);
              }}
            >
              Add one student
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <StudentModal
        open={studentOpen}
        onOpenChange={setStudentOpen}
        student={editing}
        onSaved={(student, isNew) => {
          // A new student goes at the top at once; the server's page follows.
          utils.specialStudents.list.setData(input, (old) =>
            old ? { ...old, students: isNew ? [student, ...old.students] : old.students.map((row) => (row._id === student._id ? student : row)), total: old.total + (isNew ? 1 : 0) } : old,
          );
          void utils.specialStudents.list.invalidate();
        }}
      />
      <BulkImportModal open={importing} onOpenChange={setImporting} onDone={imported} />
      <ConfirmModal
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Students"
        text={`Delete ${selected.size} selected student${selected.size === 1 ? '' : 's'} from the list? Rate cards free to special students close for them.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ value: [...selected] });
          } catch (error) {
            setDeleting(false);
            setNotice(warningsNotice(error));
            return;
          }
          setSelected(new Set());
          setDeleting(false);
          await utils.specialStudents.list.invalidate();
        }}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
SpecialStudentsPage.displayName = 'SpecialStudentsPage';
