import { defineDomain } from '../domain.ts';
import { examsRouter } from './exams.router.ts';
import { examsRoutes } from './exams.routes.ts';
import { examSpreadsheetRoutes } from './spreadsheet.routes.ts';
import { studentExamsRoutes } from './student-exams.routes.ts';

/** Exams and their questions, students' timed attempts, scores and ranks. */
export const examsDomain = defineDomain({
  name: 'exams',
  screen: 'exams',
  router: examsRouter,
  routes: [examSpreadsheetRoutes, examsRoutes],
  studentRoutes: [studentExamsRoutes],
});
