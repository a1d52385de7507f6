import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { examResultsExportRoutes } from './exam-results-export.routes.ts';
import { examsBulk } from './exams.bulk.ts';
import { examsRouter } from './exams.router.ts';
import { examsRoutes } from './exams.routes.ts';
import { regradeRoutes } from './regrade.routes.ts';
import { itemAnalysisExportRoutes } from './item-analysis-export.routes.ts';
import { examSpreadsheetRoutes } from './spreadsheet.routes.ts';
import { studentExamsRoutes } from './student-exams.routes.ts';

/** Exams and their questions, students' timed attempts, scores and ranks. */
export const examsDomain = defineDomain({
  name: 'exams',
  screen: 'exams',
  router: examsRouter,
  routes: [
    examSpreadsheetRoutes,
    examsRoutes,
    regradeRoutes,
    examResultsExportRoutes,
    itemAnalysisExportRoutes,
    bulkRoutes('/api/admin/exams/bulk', 'exams', examsBulk),
  ],
  studentRoutes: [studentExamsRoutes],
});
