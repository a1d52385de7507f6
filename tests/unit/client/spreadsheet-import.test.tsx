// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SpreadsheetImport } from '../../../client/src/features/exams/spreadsheet-import.tsx';
import type { QuestionGroup } from '../../../shared/exams/exams.schema.ts';
import type { SpreadsheetImportResult } from '../../../shared/exams/spreadsheet.rules.ts';
import { FakeXhr, stubXhrInEachTest } from '../../support/fake-xhr.ts';
import { PLAIN_QUESTION } from '../../support/exam-factory.ts';

stubXhrInEachTest();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const setup = () => userEvent.setup();
/** The clock is faked only across the pause: user-event needs real timers for its own steps. */
async function pass(ms: number) {
  await act(async () => vi.advanceTimersByTime(ms));
}
const spreadsheet = (name = 'questions.xlsx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

const GROUPS: QuestionGroup[] = [
  {
    resId: 'g1',
    title: 'പൊതുവിജ്ഞാനം',
    durationInMins: 40,
    hasTimeRestriction: false,
    questions: [
      {
        resId: 'q1',
        question: 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?',
        options: ['കൊച്ചി', 'തിരുവനന്തപുരം'],
        correctAnswerIndex: 1,
        isVoided: false,
        ...PLAIN_QUESTION,
      },
    ],
  },
];

describe('SpreadsheetImport', () => {
  it('offers the template, the answer mode, a file input for .xlsx and .csv, and both samples', async () => {
    const user = setup();
    render(<SpreadsheetImport onImported={() => {}} />);
    const select = screen.getByLabelText('Template') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => [option.value, option.text])).toEqual([
      ['regular', 'Regular'],
      ['with-solution', 'With solution'],
    ]);
    expect(select.value).toBe('regular');
    const toggle = screen.getByRole('switch', { name: 'Answer in index' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Import spreadsheet') as HTMLInputElement).accept).toMatch(/^\.xlsx,\.csv,/);

    const hrefs = () => screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs()).toEqual([
      ['Regular sample', '/api/exams/download/sample/spreadsheet?template=regular&answerInIndex=false'],
      ['With solution sample', '/api/exams/download/sample/spreadsheet?template=with-solution&answerInIndex=false'],
    ]);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(hrefs()[1]![1]).toBe('/api/exams/download/sample/spreadsheet?template=with-solution&answerInIndex=true');
  });

  it('uploads the file in the field csv with progress, and hands the groups over 1.2 s after the upload', async () => {
    const user = setup();
    const onImported = vi.fn();
    const onBusyChange = vi.fn();
    render(<SpreadsheetImport onImported={onImported} onBusyChange={onBusyChange} />);
    await user.selectOptions(screen.getByLabelText('Template'), 'with-solution');
    await user.click(screen.getByRole('switch', { name: 'Answer in index' }));
    const file = spreadsheet();
    await user.upload(screen.getByLabelText('Import spreadsheet'), file);

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/exams/upload/spreadsheet?template=with-solution&answerInIndex=true');
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body!.get('csv') as File).name).toBe('questions.xlsx');
    expect(screen.getByText('Uploading 0%')).toBeTruthy();
    expect((screen.getByLabelText('Template') as HTMLSelectElement).disabled).toBe(true);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    act(() => xhr.progress(40));
    expect(screen.getByText('Uploading 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    act(() => xhr.progress(95));
    expect(screen.getByText('Uploading 95%')).toBeTruthy();
    act(() => xhr.progress(96));
    expect(screen.getByText('Processing...')).toBeTruthy();

    const answer: SpreadsheetImportResult = { hasIssues: false, issues: [], output: GROUPS };
    vi.useFakeTimers();
    await act(async () => xhr.respond(200, answer));
    expect(screen.getByText('Processing...')).toBeTruthy();
    await pass(1199);
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.getByText('Processing...')).toBeTruthy();
    await pass(1);
    vi.useRealTimers();
    expect(onImported).toHaveBeenCalledExactlyOnceWith(GROUPS);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect((screen.getByLabelText('Import spreadsheet') as HTMLInputElement).disabled).toBe(false);
  });

  it('lists the issues in "Import Cancelled" after the pause and imports nothing', async () => {
    const user = setup();
    const onImported = vi.fn();
    render(<SpreadsheetImport onImported={onImported} />);
    await user.upload(screen.getByLabelText('Import spreadsheet'), spreadsheet('questions.csv'));
    const answer: SpreadsheetImportResult = {
      hasIssues: true,
      issues: [
        { row: 4, column: 'Answer', message: 'Row 4, column "Answer": "Nila" is not the text of any option' },
        { row: 7, column: 'Question', message: 'Row 7, column "Question": the question is missing' },
      ],
      output: GROUPS,
    };
    vi.useFakeTimers();
    await act(async () => FakeXhr.last!.respond(200, answer));
    await pass(1199);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await pass(1);
    vi.useRealTimers();

    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Import Cancelled')).toBeTruthy();
    expect(within(dialog).getByText('Nothing was imported: the spreadsheet has 2 issues. Fix them and upload the spreadsheet again.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(answer.issues.map((issue) => issue.message));
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it("stops the progress view at once when the upload fails and shows the server's message, else Network error or Unknown error", async () => {
    const user = setup();
    const onImported = vi.fn();
    render(<SpreadsheetImport onImported={onImported} />);
    const input = screen.getByLabelText('Import spreadsheet');

    await user.upload(input, spreadsheet());
    await act(async () => FakeXhr.last!.respond(400, { message: 'The Excel file could not be read: it is damaged', type: 'validation' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('The Excel file could not be read: it is damaged');

    await user.upload(input, spreadsheet());
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => FakeXhr.last!.onerror?.());
    expect(screen.getByRole('alert').textContent).toContain('Network error');

    await user.upload(input, spreadsheet());
    await act(async () => FakeXhr.last!.respond(502, '<html>Bad gateway</html>'));
    expect(screen.getByRole('alert').textContent).toContain('Unknown error');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const user = setup();
    render(<SpreadsheetImport onImported={() => {}} />);
    await user.upload(screen.getByLabelText('Import spreadsheet'), new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    expect(FakeXhr.last).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toContain('The spreadsheet is larger than 10 MB. Split the questions into smaller files.');
  });

  it('can be disabled', () => {
    render(<SpreadsheetImport onImported={() => {}} disabled />);
    expect((screen.getByLabelText('Import spreadsheet') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Template') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Answer in index' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
